// The fish rooms' shots and seats on the live socket (docs/decisions/056-fish-rooms.md). A settled shot or a seat
// change goes out on the change feed after its commit (and through its PostgreSQL relay to the other processes); each
// process pushes the frame to its own sockets watching the room for the room's merchant. A shot's frame travels in
// the change itself (no read per shot); seats are read again (they change rarely).
import type { FishServerFrame } from '@tala/contracts/fish';
import { type ChangeFeed, changes } from '../../lib/change-feed.ts';
import type { LiveHub } from '../live/live-hub.ts';
import type { FishService } from './fish.service.ts';

export function fishFrames(deps: {
  hub: Pick<LiveHub, 'watchersOf' | 'send'>;
  fish: Pick<FishService, 'seats'>;
  feed?: ChangeFeed;
}) {
  const feed = deps.feed ?? changes;
  return feed.subscribe((change) => {
    if (change.on === 'fishShot') {
      const sockets = deps.hub.watchersOf(change.roomCode, change.merchantId);
      if (sockets.length === 0) return;
      const frame: FishServerFrame = {
        type: 'fishShot',
        roomCode: change.roomCode,
        waveNo: change.waveNo,
        seat: change.seat,
        angle: change.angle,
        fishId: change.fishId,
        bet: change.bet,
        caught: change.caught,
        multiplier: change.multiplier,
        win: change.win,
      };
      for (const socket of sockets) deps.hub.send(socket, frame);
    } else if (change.on === 'fishSeats') {
      const sockets = deps.hub.watchersOf(change.roomCode, change.merchantId);
      if (sockets.length === 0) return;
      deps.fish.seats(change.roomCode).then(
        (seats) => {
          for (const socket of deps.hub.watchersOf(change.roomCode, change.merchantId))
            deps.hub.send(socket, { type: 'fishSeats', roomCode: change.roomCode, seats });
        },
        () => {
          // The database away: the room's state over HTTP has the seats after a reconnect.
        },
      );
    }
  });
}
