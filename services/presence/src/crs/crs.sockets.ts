import type { ChatRow, VideoState, VoteRow } from './crs.resource';

/** The socket.io room of everyone in a live classroom, and of its hosts (live vote results). */
export const crsRoom = (roomId: number): string => `crs:${roomId}`;
export const crsHostsRoom = (roomId: number): string => `crs:${roomId}:hosts`;
/**
 * The sockets of the students who answered a vote: they see its counts live from their answer on
 * (before it they see none, so nobody answers after the crowd).
 */
export const crsVoteAnsweredRoom = (voteId: number): string => `crs-vote:${voteId}:answered`;
const VOTE_ROOM_PREFIX = 'crs-vote:';
/** The answered-vote rooms a socket is in (left with the classroom). */
export const voteRoomsOf = (rooms: Iterable<string>): string[] =>
  [...rooms].filter((name) => name.startsWith(VOTE_ROOM_PREFIX));

/** Someone in a room now (on any replica). */
export interface Participant {
  user_id: number;
  name: string;
  is_host: boolean;
}

/** What the sockets of `/socket/crs` receive (spec 03 §7 "Live classroom"). */
export interface CrsSocketEvents {
  /** A chat message of the room, with the message it answers. */
  msg: (message: ChatRow) => void;
  /** A host ended the room. */
  end: (event: { room_id: number; ended_at: Date }) => void;
  /** A host started a vote (answers without their scores). */
  newVote: (vote: VoteRow) => void;
  /** A vote's counts after each answer: to the hosts (with scores), and to the students who answered it. */
  voteResult: (vote: VoteRow) => void;
  /** A host played or paused the video at a position (seconds). */
  playVideo: (video: VideoState & { room_id: number }) => void;
  pauseVideo: (video: VideoState & { room_id: number }) => void;
  /** Who is in the room, after someone joined or left. */
  participants: (event: { room_id: number; data: Participant[] }) => void;
}
