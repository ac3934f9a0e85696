import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useStore } from 'react-redux';
import { deserializeOne } from '../api/jsonapi';
import type { AppDispatch, RootState } from '../app/store';
import { crsApi } from './crsApi';
import { joinRoom, type RoomConnection, type RoomRequests, type SocketFailure } from './crsSocket';
import type { ChatMessage, LiveMark, Participant, Room, RoomRole, VideoState, Vote } from './crsTypes';

/** How the page is connected to the room. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'ended' | 'refused';

export interface LiveState {
  status: LiveStatus;
  refusal: SocketFailure | null;
  room: Room | null;
  role: RoomRole | null;
  video: VideoState | null;
  /** When the video state arrived, on this computer's clock (`positionNow`). */
  videoReceivedAt: number;
  participants: Participant[];
  /** What the last join did to the reader's attendance (a student's; null: none taken). */
  attendance: LiveMark | null;
  /** The chat, oldest first: the history read so far and what arrived live. */
  messages: ChatMessage[];
  /** How many earlier messages the history holds beyond those read. */
  earlier: number;
  /** The room's latest votes, newest first. */
  votes: Vote[];
}

type Action =
  | {
      type: 'joined';
      room: Room;
      role: RoomRole;
      video: VideoState;
      participants: Participant[];
      attendance: LiveMark | null;
      at: number;
    }
  | { type: 'reconnecting' }
  | { type: 'refused'; failure: SocketFailure }
  | { type: 'ended'; endedAt: string }
  | { type: 'video'; video: VideoState; at: number }
  | { type: 'participants'; participants: Participant[] }
  | { type: 'messages'; messages: ChatMessage[]; earlier?: number }
  | { type: 'votes'; votes: Vote[] }
  | { type: 'vote'; vote: Vote };

export const INITIAL: LiveState = {
  status: 'connecting',
  refusal: null,
  room: null,
  role: null,
  video: null,
  videoReceivedAt: 0,
  participants: [],
  attendance: null,
  messages: [],
  earlier: 0,
  votes: [],
};

/** Messages by id, oldest first, each once (a message read in the history may also arrive live). */
function mergeMessages(now: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(now.map((message) => [String(message.id), message]));
  for (const message of more) byId.set(String(message.id), message);
  return [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

/** A vote replaced where it is, or added first (a new vote). */
function withVote(votes: Vote[], vote: Vote): Vote[] {
  const at = votes.findIndex((item) => String(item.id) === String(vote.id));
  if (at < 0) return [vote, ...votes];
  // a result pushed to the hosts carries no answer of the reader: keep theirs
  const kept = votes[at];
  const merged = {
    ...vote,
    my_answer: vote.my_answer ?? kept.my_answer,
    my_score: vote.my_score ?? kept.my_score,
  };
  return votes.map((item, index) => (index === at ? merged : item));
}

export function liveReducer(state: LiveState, action: Action): LiveState {
  switch (action.type) {
    case 'joined':
      return {
        ...state,
        status: action.room.is_ended ? 'ended' : 'live',
        refusal: null,
        room: action.room,
        role: action.role,
        video: action.video,
        videoReceivedAt: action.at,
        participants: action.participants,
        // a rejoin finds the mark the first join made
        attendance:
          state.attendance === 'marked' && action.attendance === 'already_marked'
            ? 'marked'
            : action.attendance,
      };
    case 'reconnecting':
      return state.status === 'ended' || state.status === 'refused'
        ? state
        : { ...state, status: 'reconnecting' };
    case 'refused':
      return { ...state, status: 'refused', refusal: action.failure };
    case 'ended':
      return {
        ...state,
        status: 'ended',
        room: state.room && { ...state.room, is_ended: true, ended_at: action.endedAt },
        video: state.video && { ...state.video, playing: false },
      };
    case 'video':
      return { ...state, video: action.video, videoReceivedAt: action.at };
    case 'participants':
      return { ...state, participants: action.participants };
    case 'messages':
      return {
        ...state,
        messages: mergeMessages(state.messages, action.messages),
        earlier: action.earlier ?? state.earlier,
      };
    case 'votes':
      return { ...state, votes: action.votes.reduce((votes, vote) => withVote(votes, vote), state.votes) };
    case 'vote':
      return { ...state, votes: withVote(state.votes, action.vote) };
  }
}

/**
 * The live classroom as this page takes part in it: the socket joined (again after a reconnect),
 * the room's state and events in one reducer, the chat and votes read from the service on each
 * join, and what the reader sends. `send` rejects with the service's refusal.
 */
export function useLiveRoom(roomId: string) {
  const store = useStore<RootState>();
  const [state, dispatch] = useReducer(liveReducer, INITIAL);
  const connection = useRef<RoomConnection | null>(null);
  const read = store.dispatch as AppDispatch;

  useEffect(() => {
    const history = (offset: number) =>
      read(
        crsApi.endpoints.chatHistory.initiate({ roomId, offset }, { subscribe: false, forceRefetch: true }),
      );
    const connectionNow = joinRoom(roomId, () => store.getState().auth.stored?.accessToken, {
      joined(answer) {
        dispatch({
          type: 'joined',
          room: deserializeOne<Room>(answer.room),
          role: answer.role,
          video: answer.video,
          participants: answer.participants,
          attendance: answer.attendance ?? null,
          at: Date.now(),
        });
        // what was said and asked before (or while the connection was down)
        void history(0).then(({ data }) => {
          if (data)
            dispatch({ type: 'messages', messages: data.items, earlier: data.total - data.items.length });
        });
        void read(
          crsApi.endpoints.votes.initiate({ roomId, offset: 0 }, { subscribe: false, forceRefetch: true }),
        ).then(({ data }) => {
          if (data) dispatch({ type: 'votes', votes: [...data.items].reverse() });
        });
      },
      reconnecting: () => dispatch({ type: 'reconnecting' }),
      refused: (failure) => dispatch({ type: 'refused', failure }),
      msg: (message) => dispatch({ type: 'messages', messages: [message] }),
      end: (event) => dispatch({ type: 'ended', endedAt: event.ended_at }),
      newVote: (vote) => dispatch({ type: 'vote', vote }),
      voteResult: (vote) => dispatch({ type: 'vote', vote }),
      playVideo: (video) => dispatch({ type: 'video', video, at: Date.now() }),
      pauseVideo: (video) => dispatch({ type: 'video', video, at: Date.now() }),
      participants: (event) => dispatch({ type: 'participants', participants: event.data }),
    });
    connection.current = connectionNow;
    return () => {
      connection.current = null;
      connectionNow.close();
    };
  }, [roomId, store, read]);

  /** Sends to the room; what the service answers goes into the state as the others receive it. */
  const send = useCallback(
    async <E extends keyof RoomRequests>(event: E, body: RoomRequests[E][0]): Promise<RoomRequests[E][1]> => {
      if (!connection.current) throw { status: 'TIMEOUT_ERROR' } satisfies SocketFailure;
      const answer = await connection.current.send(event, body);
      if (event === 'answerVote' || event === 'newVote') dispatch({ type: 'vote', vote: answer as Vote });
      if (event === 'playVideo' || event === 'pauseVideo')
        dispatch({ type: 'video', video: answer as VideoState, at: Date.now() });
      if (event === 'end') dispatch({ type: 'ended', endedAt: (answer as { ended_at: string }).ended_at });
      return answer;
    },
    [],
  );

  /** The messages before the earliest read. */
  const loadEarlier = useCallback(async () => {
    // the messages held are the latest ones: the earlier ones come after them, newest first
    const offset = state.messages.length;
    const { data, error } = await read(
      crsApi.endpoints.chatHistory.initiate({ roomId, offset }, { subscribe: false, forceRefetch: true }),
    );
    if (error) throw error;
    if (data)
      dispatch({
        type: 'messages',
        messages: data.items,
        earlier: Math.max(0, data.total - offset - data.items.length),
      });
  }, [read, roomId, state.messages.length]);

  return { state, send, loadEarlier };
}
