import { ConnectedSocket, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { AttributesOf } from '@lms/jsonapi';
import { type RealtimeSocket, SocketBody } from '@lms/realtime';
import { GradingAccess } from '../grading/grading-access';
import { watchRules } from './attempts.rules';
import { examRoom, type MonitorSocketEvents } from './monitor-feed';

type Socket = RealtimeSocket<MonitorSocketEvents>;

/**
 * The live monitor's socket (`/socket/exam`): the staff of an exam `watch` it and then receive
 * its `progress` pushes ({@link MonitorFeed}); anybody else is refused as the monitor's GET refuses
 * them (another campus's exam: 404; not its staff: 403).
 */
@WebSocketGateway()
export class ExamMonitorGateway {
  constructor(private readonly access: GradingAccess) {}

  /** Follows the exam's monitor: `{exam_id}` → `{exam_id, watching: true}`. */
  @SubscribeMessage('watch')
  async watch(
    @ConnectedSocket() socket: Socket,
    @SocketBody(watchRules) input: AttributesOf<typeof watchRules>,
  ) {
    const exam = await this.access.staffExam(socket.data.auth, input.exam_id);
    await socket.join(examRoom(exam.id));
    return { exam_id: exam.id, watching: true };
  }

  /** Stops following it: `{exam_id}` → `{exam_id, watching: false}`. */
  @SubscribeMessage('unwatch')
  async unwatch(
    @ConnectedSocket() socket: Socket,
    @SocketBody(watchRules) input: AttributesOf<typeof watchRules>,
  ) {
    await socket.leave(examRoom(input.exam_id));
    return { exam_id: input.exam_id, watching: false };
  }
}
