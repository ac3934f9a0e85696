import { ConnectedSocket, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { AttributesOf } from '@lms/jsonapi';
import { type RealtimeSocket, SocketBody } from '@lms/realtime';
import { boardRoom, type BoardSocketEvents, pushedBoard } from './board-events';
import { watchRules } from './contents.rules';
import { BoardService } from './board.service';

type Socket = RealtimeSocket<BoardSocketEvents>;

/**
 * The project socket (`/socket/project`): a member of a project `watch`es one of its boards and
 * then receives its `board` pushes — every change another member makes, without reloading. Anyone
 * else is refused as the board's GET refuses them (404).
 */
@WebSocketGateway()
export class BoardGateway {
  constructor(private readonly boards: BoardService) {}

  /** Follows a board: `{content_id}` → the board as it is now. */
  @SubscribeMessage('watch')
  async watch(
    @ConnectedSocket() socket: Socket,
    @SocketBody(watchRules) input: AttributesOf<typeof watchRules>,
  ) {
    const auth = socket.data.auth;
    const board = await this.boards.board(auth, input.content_id);
    await socket.join(boardRoom(input.content_id));
    return { content_id: input.content_id, ...pushedBoard(board, auth.timeZone) };
  }

  /** Stops following it. */
  @SubscribeMessage('unwatch')
  async unwatch(
    @ConnectedSocket() socket: Socket,
    @SocketBody(watchRules) input: AttributesOf<typeof watchRules>,
  ) {
    await socket.leave(boardRoom(input.content_id));
    return { content_id: input.content_id, watching: false };
  }
}
