/**
 * `@lms/realtime`: socket.io for a service (messaging at `/socket/messages`, presence at
 * `/socket/crs`), authenticated with the access token, rooms per campus and per user, the Redis
 * adapter in stack mode. In the service's root module and any provider:
 *
 *     RealtimeModule.forRoot({ path: '/socket/messages', redisUrl: config.redisUrl, campusOfHost })
 *     constructor(private readonly realtime: Realtime<MessageSocketEvents>) {}
 *     this.realtime.toUser(tenantId, userId).emit('room update', room);
 *
 * See `Realtime` for why socket.io is attached to the HTTP server directly.
 */
export { Realtime } from './realtime';
export type { EventsMap, RealtimeOptions, RealtimeSocket, SocketData } from './realtime';
export { RealtimeModule } from './realtime.module';
export { tenantRoom, userRoom } from './rooms';
export { authenticateHandshake, handshakeToken, HandshakeRefused } from './handshake';
export type { HandshakeLike } from './handshake';
