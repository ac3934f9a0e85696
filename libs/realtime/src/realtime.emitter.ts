import { Injectable } from '@nestjs/common';
import type { BroadcastOperator, DefaultEventsMap } from 'socket.io';
import { type EventsMap, RealtimeAdapter, type RealtimeServer, type SocketData } from './realtime.adapter';
import { tenantRoom, userRoom } from './rooms';

/**
 * Emits to the service's sockets from anywhere in the service — an HTTP handler, an event
 * handler, a gateway — typed by the service's interface of server-to-client events:
 *
 *     constructor(private readonly sockets: RealtimeEmitter<MessageSocketEvents>) {}
 *     this.sockets.toUser(tenantId, userId).emit('room update', room);
 *
 * Every target reaches the sockets on every replica (Redis adapter in stack mode).
 */
@Injectable()
export class RealtimeEmitter<ServerEvents extends EventsMap = DefaultEventsMap> {
  constructor(private readonly adapter: RealtimeAdapter) {}

  /** Every socket of one user (all tabs and devices, on every replica). */
  toUser(tenantId: number, userId: number): BroadcastOperator<ServerEvents, SocketData> {
    return this.io.to(userRoom(tenantId, userId));
  }

  /** Every socket of these users (one broadcast, however many they are). */
  toUsers(tenantId: number, userIds: readonly number[]): BroadcastOperator<ServerEvents, SocketData> {
    return this.io.to(userIds.map((userId) => userRoom(tenantId, userId)));
  }

  /** Which of these users have a socket open now, on any replica (the others asked once). */
  async connectedUsers(tenantId: number, userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const sockets = await this.io.in(userIds.map((userId) => userRoom(tenantId, userId))).fetchSockets();
    return new Set(sockets.map((socket) => Number((socket.data as SocketData).auth.userId)));
  }

  /** Every socket of one campus. */
  toTenant(tenantId: number): BroadcastOperator<ServerEvents, SocketData> {
    return this.io.to(tenantRoom(tenantId));
  }

  /** Every socket in a room the service named (`course:12`). */
  toRoom(room: string): BroadcastOperator<ServerEvents, SocketData> {
    return this.io.to(room);
  }

  /** Puts every socket of a user, on every replica, in `room` (and so in its emits). */
  joinUser(tenantId: number, userId: number, room: string): void {
    this.io.in(userRoom(tenantId, userId)).socketsJoin(room);
  }

  /** Takes every socket of a user, on every replica, out of `room`. */
  leaveUser(tenantId: number, userId: number, room: string): void {
    this.io.in(userRoom(tenantId, userId)).socketsLeave(room);
  }

  private get io(): RealtimeServer<ServerEvents> {
    return this.adapter.server as unknown as RealtimeServer<ServerEvents>;
  }
}
