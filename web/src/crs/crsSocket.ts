import type { Document } from '../api/jsonapi';
import { serviceSocket } from '../lib/socket';
import type { ChatMessage, LiveMark, NewVote, Participant, RoomRole, VideoState, Vote } from './crsTypes';

/** Where the presence service serves the live classroom (through the gateway, as `/api` is). */
export const CRS_SOCKET_PATH = '/socket/crs';

/**
 * What `join` answers: the room (a JSON:API document), the reader's part, the video now, who is in,
 * and what joining did to a student's attendance.
 */
export interface JoinAnswer {
  room: Document;
  role: RoomRole;
  video: VideoState;
  participants: Participant[];
  attendance: LiveMark | null;
}

/** What the room's sockets receive (spec 03 §7 "Live classroom"). */
export interface RoomEvents {
  msg(message: ChatMessage): void;
  end(event: { room_id: number; ended_at: string }): void;
  newVote(vote: Vote): void;
  /** A vote's counts after each answer: to the hosts, and to the students who answered it. */
  voteResult(vote: Vote): void;
  playVideo(video: VideoState & { room_id: number }): void;
  pauseVideo(video: VideoState & { room_id: number }): void;
  participants(event: { room_id: number; data: Participant[] }): void;
}

/** What the reader sends, with what each answers. */
export interface RoomRequests {
  msg: [{ message: string; reply_chat_id: number | null }, ChatMessage];
  end: [Record<string, never>, { room_id: number; ended_at: string }];
  newVote: [NewVote, Vote];
  answerVote: [{ vote_id: number; answer: number | number[] }, Vote];
  playVideo: [{ position: number; video_index: number }, VideoState];
  pauseVideo: [{ position: number; video_index: number }, VideoState];
}

export interface RoomHandlers extends RoomEvents {
  /** In the room (again, after a reconnect): its state as the service has it now. */
  joined(answer: JoinAnswer): void;
  /** The connection dropped: socket.io tries again on its own. */
  reconnecting(): void;
  /** The service refused the connection or the room (with its JSON:API errors). */
  refused(failure: SocketFailure): void;
}

/** A refusal as `notificationFor` reads an HTTP one: the status and the JSON:API errors. */
export interface SocketFailure {
  status: number | string;
  data?: {
    errors: Array<{
      status?: string;
      detail?: string;
      title?: string;
      code?: string;
      meta?: Record<string, unknown>;
    }>;
  };
  error?: string;
}

/** A message refused for the chat's pace (429 `crs_chat_too_fast`): the seconds to wait, the limit. */
export function chatTooFast(failure: unknown): { wait: number; limit: number; seconds: number } | null {
  const error = (failure as SocketFailure | undefined)?.data?.errors?.[0];
  if (error?.code !== 'crs_chat_too_fast') return null;
  const meta = error.meta ?? {};
  return {
    wait: Number(meta.retry_after) || 1,
    limit: Number(meta.limit) || 0,
    seconds: Number(meta.window_seconds) || 0,
  };
}

/** The socket sends ids as numbers; the screens name every resource by a string id, as JSON:API does. */
const withStringId = (item: { id: string | number }) => ({ ...item, id: String(item.id) });

/** The events and answers whose resource has an id. */
const IDENTIFIED = new Set(['msg', 'newVote', 'voteResult', 'answerVote']);

const failureOf = (errors: Array<{ status?: string }>): SocketFailure => ({
  status: Number(errors[0]?.status) || 400,
  data: { errors },
});

/**
 * Takes part in a live classroom over the presence service's socket (`/socket/crs`): connects with
 * the caller's current token (`lib/socket`, as the exam monitor does), `join`s the room after every
 * connect and hands each event of the room on. `send` answers the acknowledgement, or rejects with
 * a {@link SocketFailure} (a refused message, a host event of a non-host, a lost connection).
 */
export function joinRoom(roomId: string, token: () => string | undefined, handlers: RoomHandlers) {
  const socket = serviceSocket(CRS_SOCKET_PATH, token);
  socket.on('connect', () => {
    socket
      .timeout(10_000)
      .emitWithAck('join', { room_id: Number(roomId) })
      .then(
        (answer: JoinAnswer | { errors: Array<{ status?: string }> }) => {
          if ('errors' in answer) handlers.refused(failureOf(answer.errors));
          else handlers.joined(answer);
        },
        () => handlers.reconnecting(),
      );
  });
  socket.on('disconnect', () => handlers.reconnecting());
  socket.on('connect_error', (error) => {
    // a refusal of the handshake (token, campus) is final; a network failure is tried again
    if (socket.active) handlers.reconnecting();
    else handlers.refused({ status: 401, data: { errors: [{ status: '401', detail: error.message }] } });
  });
  const events: Array<keyof RoomEvents> = [
    'msg',
    'end',
    'newVote',
    'voteResult',
    'playVideo',
    'pauseVideo',
    'participants',
  ];
  for (const event of events) {
    const handler = handlers[event] as (payload: never) => void;
    socket.on(event, (payload: { id: string | number }) =>
      handler((IDENTIFIED.has(event) ? withStringId(payload) : payload) as never),
    );
  }

  return {
    async send<E extends keyof RoomRequests>(
      event: E,
      body: RoomRequests[E][0],
    ): Promise<RoomRequests[E][1]> {
      let answer: RoomRequests[E][1] | { errors: Array<{ status?: string }> };
      try {
        answer = await socket.timeout(10_000).emitWithAck(event, body);
      } catch {
        // no answer in time: the screen says so in the interface language
        throw { status: 'TIMEOUT_ERROR' } satisfies SocketFailure;
      }
      if (answer && typeof answer === 'object' && 'errors' in answer) throw failureOf(answer.errors);
      return (
        IDENTIFIED.has(event) ? withStringId(answer as { id: string | number }) : answer
      ) as RoomRequests[E][1];
    },
    close() {
      socket.disconnect();
    },
  };
}

export type RoomConnection = ReturnType<typeof joinRoom>;

/** Sends to the room the page is in (`useLiveRoom`'s `send`). */
export type RoomSend = RoomConnection['send'];
