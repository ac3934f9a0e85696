import { Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  type OnGatewayDisconnect,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { conflict, toDocument } from '@lms/jsonapi';
import type { AttributesOf } from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { type RealtimeServer, type RealtimeSocket, type SocketData, SocketBody } from '@lms/realtime';
import { CrsLiveService } from './crs-live.service';
import { crsResource } from './crs.resource';
import { answerVoteRules, joinRules, msgRules, newVoteRules, videoRules } from './crs.rules';
import {
  crsHostsRoom,
  crsRoom,
  type CrsSocketEvents,
  crsVoteAnsweredRoom,
  type Participant,
  voteRoomsOf,
} from './crs.sockets';

type Socket = RealtimeSocket<CrsSocketEvents>;

/**
 * Joins and leaves within this time are announced together (`participants`): a class arriving at
 * once costs one list per room and replica, not one per arrival to everybody already there.
 */
export const PARTICIPANTS_DELAY_MS = 300;
/** A socket's data: the caller and the room it joined (one at a time). */
type CrsSocketData = SocketData & { crsRoomId?: number; crsHost?: boolean };

const roomOf = (socket: Socket): number => {
  const roomId = (socket.data as CrsSocketData).crsRoomId;
  if (roomId === undefined) throw conflict('Join a live classroom first (join {room_id})', 'crs_not_joined');
  return roomId;
};

/**
 * The live classroom's socket (`/socket/crs`): `join` a room of a course the caller is in, then
 * chat (`msg`), and for its hosts `end`, `newVote`, `playVideo`, `pauseVideo`; students
 * `answerVote`. Everything goes through {@link CrsLiveService} (kept in the database, so replicas
 * share it); emits reach the room's sockets on every replica (Redis adapter in stack mode).
 * Refusals answer the acknowledgement, or an `exception` event, as JSON:API errors.
 */
@WebSocketGateway()
export class CrsGateway implements OnGatewayDisconnect, OnModuleDestroy {
  private readonly logger = new Logger('CrsGateway');
  /** Shutting down: the sockets being disconnected are not announced any more. */
  private closing = false;
  /** Rooms whose participants are to be announced, with the timer that will. */
  private readonly announcing = new Map<number, NodeJS.Timeout>();
  @WebSocketServer() server!: RealtimeServer<CrsSocketEvents>;

  constructor(
    private readonly live: CrsLiveService,
    private readonly projections: Projections,
  ) {}

  /**
   * `{room_id}` → the room (a JSON:API document), the caller's role, the video's current state,
   * the participants, and for a student of a linked presence session their attendance mark.
   */
  @SubscribeMessage('join')
  async join(
    @ConnectedSocket() socket: Socket,
    @SocketBody(joinRules) input: AttributesOf<typeof joinRules>,
  ) {
    const { auth } = socket.data;
    const joined = await this.live.join(auth, input.room_id);
    const data = socket.data as CrsSocketData;
    const previous = data.crsRoomId;
    if (previous !== undefined && previous !== input.room_id) {
      for (const name of [crsRoom(previous), crsHostsRoom(previous), ...voteRoomsOf(socket.rooms)])
        await socket.leave(name);
      this.announceParticipants(previous);
    }
    data.crsRoomId = input.room_id;
    data.crsHost = joined.role === 'host';
    // a student back after a reconnect follows again the counts of the open votes they answered
    const answered = joined.role === 'student' ? joined.answeredVotes.map(crsVoteAnsweredRoom) : [];
    await socket.join(
      joined.role === 'host'
        ? [crsRoom(input.room_id), crsHostsRoom(input.room_id)]
        : [crsRoom(input.room_id), ...answered],
    );
    const participants = await this.participantsOf(input.room_id);
    this.announceParticipants(input.room_id);
    return {
      room: toDocument(crsResource, joined.room, { timeZone: auth.timeZone }),
      role: joined.role,
      video: joined.video,
      attendance: joined.attendance,
      participants,
    };
  }

  /** `{message, reply_chat_id?}` → the message as everybody in the room receives it (`msg`). */
  @SubscribeMessage('msg')
  async msg(@ConnectedSocket() socket: Socket, @SocketBody(msgRules) input: AttributesOf<typeof msgRules>) {
    const roomId = roomOf(socket);
    const message = await this.live.message(socket.data.auth, roomId, input);
    this.server.to(crsRoom(roomId)).emit('msg', message);
    return message;
  }

  /** Hosts: ends the room for everybody (`end`). */
  @SubscribeMessage('end')
  async end(@ConnectedSocket() socket: Socket) {
    const roomId = roomOf(socket);
    const endedAt = await this.live.end(socket.data.auth, roomId, 'end');
    const event = { room_id: roomId, ended_at: endedAt };
    this.server.to(crsRoom(roomId)).emit('end', event);
    return event;
  }

  /** Hosts: `{question, type?, answers, duration}` → the vote, sent to the room (`newVote`). */
  @SubscribeMessage('newVote')
  async newVote(
    @ConnectedSocket() socket: Socket,
    @SocketBody(newVoteRules) input: AttributesOf<typeof newVoteRules>,
  ) {
    const { auth } = socket.data;
    const roomId = roomOf(socket);
    const vote = await this.live.newVote(auth, roomId, input, 'newVote');
    const [forStudents] = await this.live.voteRows(auth, [vote], false);
    this.server.to(crsRoom(roomId)).emit('newVote', { ...forStudents, my_answer: null, my_score: null });
    const [forHosts] = await this.live.voteRows(auth, [vote], true);
    return forHosts;
  }

  /**
   * Students, once per vote: `{vote_id, answer}` → their answer with the counts; from then on the
   * counts after each answer (`voteResult`) reach them live, as they reach the hosts (with scores).
   */
  @SubscribeMessage('answerVote')
  async answerVote(
    @ConnectedSocket() socket: Socket,
    @SocketBody(answerVoteRules) input: AttributesOf<typeof answerVoteRules>,
  ) {
    const { auth } = socket.data;
    const roomId = roomOf(socket);
    const { vote } = await this.live.answerVote(auth, roomId, input);
    const [forHosts] = await this.live.voteRows(auth, [vote], true);
    this.server.to(crsHostsRoom(roomId)).emit('voteResult', { ...forHosts, my_answer: null, my_score: null });
    const [mine] = await this.live.voteRows(auth, [vote], false);
    await socket.join(crsVoteAnsweredRoom(Number(vote.id)));
    // the others who answered: the counts without anyone's own answer (each keeps theirs)
    socket
      .to(crsVoteAnsweredRoom(Number(vote.id)))
      .emit('voteResult', { ...mine, my_answer: null, my_score: null });
    return mine;
  }

  /** Hosts: `{position, video_index?}` → everybody plays from there (`playVideo`). */
  @SubscribeMessage('playVideo')
  playVideo(
    @ConnectedSocket() socket: Socket,
    @SocketBody(videoRules) input: AttributesOf<typeof videoRules>,
  ) {
    return this.video(socket, true, input);
  }

  /** Hosts: `{position, video_index?}` → everybody pauses there (`pauseVideo`). */
  @SubscribeMessage('pauseVideo')
  pauseVideo(
    @ConnectedSocket() socket: Socket,
    @SocketBody(videoRules) input: AttributesOf<typeof videoRules>,
  ) {
    return this.video(socket, false, input);
  }

  /** Someone left: the others see who is still in the room. */
  handleDisconnect(socket: Socket): void {
    const roomId = (socket.data as CrsSocketData | undefined)?.crsRoomId;
    if (roomId !== undefined) this.announceParticipants(roomId);
  }

  onModuleDestroy(): void {
    this.closing = true;
    for (const timer of this.announcing.values()) clearTimeout(timer);
    this.announcing.clear();
  }

  private async video(socket: Socket, playing: boolean, input: AttributesOf<typeof videoRules>) {
    const roomId = roomOf(socket);
    const event = playing ? 'playVideo' : 'pauseVideo';
    const state = {
      room_id: roomId,
      ...(await this.live.video(socket.data.auth, roomId, playing, input, event)),
    };
    this.server.to(crsRoom(roomId)).emit(event, state);
    return state;
  }

  /** Sends who is in the room to everybody in it (`participants`), soon: once for the arrivals meanwhile. */
  private announceParticipants(roomId: number): void {
    if (this.closing || this.announcing.has(roomId)) return;
    const timer = setTimeout(() => {
      this.announcing.delete(roomId);
      void this.participantsOf(roomId).then((data) => {
        if (!this.closing) this.server.to(crsRoom(roomId)).emit('participants', { room_id: roomId, data });
      });
    }, PARTICIPANTS_DELAY_MS);
    timer.unref();
    this.announcing.set(roomId, timer);
  }

  /** Who is in the room, on every replica, by name; a failure is logged (an empty list). */
  private async participantsOf(roomId: number): Promise<Participant[]> {
    try {
      const sockets = await this.server.in(crsRoom(roomId)).fetchSockets();
      if (this.closing) return [];
      const hosts = new Map<number, boolean>();
      let tenantId: number | undefined;
      for (const socket of sockets) {
        const data = socket.data as CrsSocketData;
        tenantId = data.auth.tenantId;
        hosts.set(data.auth.userId, (hosts.get(data.auth.userId) ?? false) || data.crsHost === true);
      }
      const users = tenantId === undefined ? [] : await this.projections.users(tenantId, [...hosts.keys()]);
      return users.map((user) => ({
        user_id: Number(user.id),
        name: user.name,
        is_host: hosts.get(Number(user.id)) ?? false,
      }));
    } catch (error) {
      this.logger.warn(`participants of room ${roomId} not read: ${(error as Error).message}`);
      return [];
    }
  }
}
