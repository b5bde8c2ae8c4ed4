// Plain constants without zod, so the browser's first load can use them (zod stays in lazy chunks).

/** §9: banners autoplay every 5000 ms (only when there is more than one), not stopped by interaction. */
export const BANNER_AUTOPLAY_MS = 5000;
/** §9: the announcement popup lists 9 titles a page. */
export const ANNOUNCEMENT_PAGE_SIZE = 9;
