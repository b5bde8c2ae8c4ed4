import type { FishRoom, FishRoomState, FishSeat, FishServerFrame, FishWave } from '@tala/contracts/fish';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { publishLiveFrame, publishLiveReopened } from '../../lib/live-frames.ts';
import { socketUrl } from '../live/live-api.ts';
import { clockOffset } from '../live/logic.ts';
import { fishApi } from './fish-api.ts';

export type ShotFrame = Extract<FishServerFrame, { type: 'fishShot' }>;

export type FishRoomView = {
  room?: FishRoom;
  wave: FishWave | null;
  seats: FishSeat[];
  mySeat: number | null;
  clientSeed: string | null;
  /** The number of the member's next shot in the wave (the server's count). */
  nonce: number;
  /** Server clock minus this browser's clock, in ms. */
  offset: number;
  error?: ApiError | 'unknown';
  /** The socket is down and being retried. */
  reconnecting: boolean;
};

/** The later of two views of a room's wave: a later wave, or the same wave with more fish caught. */
export function newerWave(current: FishWave | null, next: FishWave | null): FishWave | null {
  if (!current || !next) return next ?? current;
  if (next.waveNo !== current.waveNo) return next.waveNo > current.waveNo ? next : current;
  const caught = [...new Set([...current.caught, ...next.caught])];
  return { ...next, caught, serverSeed: next.serverSeed ?? current.serverSeed };
}

/** A shot frame applied to the wave: a catch leaves the sea for everyone. */
export function withShot(wave: FishWave | null, frame: ShotFrame): FishWave | null {
  if (!wave || !frame.caught || frame.waveNo !== wave.waveNo || wave.caught.includes(frame.fishId))
    return wave;
  return { ...wave, caught: [...wave.caught, frame.fishId] };
}

/**
 * A fish room: its state over HTTP, then kept current by the live socket's frames for the room (a new wave, every
 * seat's shot, who sits). `onShot` hears each shot frame (the canvas turns that seat's cannon and fires its bullet).
 * After a drop the socket is reopened with a growing pause, `watch` sent again and the room reloaded.
 */
export function useFishRoom(code: string, language: string, onShot: (frame: ShotFrame) => void) {
  const [state, setState] = useState<FishRoomView>({
    wave: null,
    seats: [],
    mySeat: null,
    clientSeed: null,
    nonce: 0,
    offset: 0,
    reconnecting: false,
  });
  const alive = useRef(true);
  const shotListener = useRef(onShot);
  shotListener.current = onShot;

  /** Takes a state answer (the room's, or a seat's): the newer wave wins, the rest is the server's word. */
  const adopt = useCallback((value: FishRoomState, sent: number) => {
    const received = Date.now();
    setState((s) => ({
      ...s,
      room: value.room,
      wave: newerWave(s.wave, value.wave),
      seats: value.seats,
      mySeat: value.mySeat,
      clientSeed: value.clientSeed,
      nonce: value.nonce,
      offset: clockOffset(value.serverTime, received, received - sent),
      error: undefined,
    }));
  }, []);

  const load = useCallback(async () => {
    const sent = Date.now();
    try {
      const value = await fishApi.room(code);
      if (alive.current) adopt(value, sent);
    } catch (error) {
      if (alive.current) setState((s) => ({ ...s, error: error instanceof ApiError ? error : 'unknown' }));
    }
  }, [code, adopt]);

  useEffect(() => {
    alive.current = true;
    void load();
    let socket: WebSocket | null = null;
    let retry: number | undefined;
    let attempts = 0;
    let opened = false;

    const onFrame = (frame: FishServerFrame) => {
      if (frame.type === 'fishWave') {
        if (frame.wave.roomCode !== code) return;
        const { wave } = frame;
        setState((s) => ({
          ...s,
          wave: newerWave(s.wave, wave),
          // A new wave starts the shot count again.
          nonce: s.wave && wave.waveNo > s.wave.waveNo ? 0 : s.nonce,
          offset: clockOffset(frame.serverTime, Date.now()),
        }));
      } else if (frame.type === 'fishShot') {
        if (frame.roomCode !== code) return;
        setState((s) => ({
          ...s,
          wave: withShot(s.wave, frame),
          seats: s.seats.map((seat) => (seat.seat === frame.seat ? { ...seat, bet: frame.bet } : seat)),
        }));
        shotListener.current(frame);
      } else if (frame.type === 'fishSeats') {
        if (frame.roomCode !== code) return;
        // The frame is the room's, the same for every watcher: which seat is this member's, the page knows.
        setState((s) => {
          const kept = s.mySeat !== null && frame.seats.some((seat) => seat.seat === s.mySeat);
          return {
            ...s,
            seats: frame.seats.map((seat) => ({ ...seat, mine: kept && seat.seat === s.mySeat })),
            mySeat: kept ? s.mySeat : null,
          };
        });
      }
    };

    const connect = () => {
      socket = new WebSocket(socketUrl(language));
      socket.onopen = () => {
        attempts = 0;
        socket?.send(JSON.stringify({ type: 'watch', tables: [code] }));
        if (opened) {
          void load();
          publishLiveReopened();
        }
        opened = true;
        setState((s) => (s.reconnecting ? { ...s, reconnecting: false } : s));
      };
      socket.onmessage = (event) => {
        try {
          const frame = JSON.parse(String(event.data)) as FishServerFrame;
          onFrame(frame);
          publishLiveFrame(frame);
        } catch {
          // A frame that is not JSON: ignored.
        }
      };
      socket.onclose = () => {
        if (!alive.current) return;
        setState((s) => (s.reconnecting ? s : { ...s, reconnecting: true }));
        const delay = Math.min(15_000, 500 * 2 ** attempts) + Math.random() * 300;
        attempts += 1;
        retry = window.setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      alive.current = false;
      window.clearTimeout(retry);
      if (socket) {
        socket.onclose = null;
        socket.close();
      }
    };
  }, [code, language, load]);

  return { ...state, reload: load, adopt, setState };
}
