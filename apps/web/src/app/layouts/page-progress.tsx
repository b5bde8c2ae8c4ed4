import { useNavigation } from 'react-router';

/** A thin bar at the top of the window while the next page's code loads. */
export function PageProgress() {
  const navigation = useNavigation();
  return (
    <div
      className={`page-progress${navigation.state === 'idle' ? '' : ' page-progress--active'}`}
      aria-hidden="true"
    />
  );
}
