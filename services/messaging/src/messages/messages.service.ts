import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent, UnitOfWork } from '@lms/events';
import {
  attributePointer,
  defineList,
  forbidden,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
} from '@lms/jsonapi';
import { Projections, UserProjection } from '@lms/projections';
import { fileByKey, type StoredFile } from '@lms/storage';
import { CourseMessage, CourseMessageSetting } from './course-message.entity';
import { MessageFiles } from './message-files';
import type { ReadMessage } from './messages.resource';
import type { MessageCreate, MessageUpdate } from './messages.rules';

const messageList = defineList<CourseMessage>({
  entity: CourseMessage,
  alias: 'message',
  toOne: {
    sender: { entity: UserProjection, alias: 'sender', on: 'sender.id = message.sender_id' },
    receiver: { entity: UserProjection, alias: 'receiver', on: 'receiver.id = message.receiver_id' },
  },
});

/** The caller's own messages: sent and not removed by them, or received and not removed by them. */
const MINE_SQL = `((message.sender_id = :me AND NOT message.sender_deleted)
  OR (message.receiver_id = :me AND NOT message.receiver_deleted))`;

/** A person's place in a course: its staff, an enrolled student, or nobody. */
type Place = 'staff' | 'student' | null;

const issue = (field: string, detail: string): ValidationIssue => ({
  pointer: attributePointer(field),
  detail,
});

/**
 * Course messages (spec 03 §3, §7 "Messaging"): between two people of a course — its staff write
 * to anyone in it; a student writes to its staff and, when the course allows it
 * (`course_message_settings`, set by its staff), to the other students of the course. Only the
 * sender and the receiver read a message (anyone else, another campus included: 404); each removes
 * it from their own box; the sender edits it. The receiver reading it marks it read.
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly projections: Projections,
    private readonly files: MessageFiles,
  ) {}

  /** `GET /course/messages`: the caller's messages (both boxes unless a filter narrows it). */
  list(auth: AuthContext, query: ParsedQuery): Promise<[ReadMessage[], number]> {
    return messageList.page(
      this.dataSource,
      {
        where: ['message.tenant_id = :tenantId', MINE_SQL],
        params: { tenantId: auth.tenantId, me: auth.userId },
        with: query.include,
      },
      query,
    );
  }

  /** `GET /course/messages/{id}`: marks it read when the receiver opens it. */
  async get(auth: AuthContext, id: number, include: readonly string[] = []): Promise<ReadMessage> {
    const message = await this.mine(auth, id);
    if (Number(message.receiverId) === auth.userId && message.readAt === null) {
      await this.dataSource.query(
        `UPDATE course_messages SET read_at = now() WHERE id = $1 AND read_at IS NULL`,
        [id],
      );
    }
    const read = await messageList.one(this.dataSource, {
      where: ['message.id = :id'],
      params: { id },
      with: include,
    });
    if (!read) throw notFound('Message not found');
    return read;
  }

  /**
   * `POST /course/messages`: to a person of the course, with the files uploaded; records
   * `messaging.message.sent`.
   */
  async create(auth: AuthContext, input: MessageCreate, uploaded: StoredFile[]): Promise<ReadMessage> {
    if (input.receiver_id === auth.userId)
      throw unprocessable([issue('receiver_id', 'you cannot write to yourself')]);
    const courseId = await this.courseFor(auth, input.receiver_id, input.course_id);
    await this.checkAbout(courseId, input);
    const id = await this.unit.run(async (manager) => {
      const message = await manager.save(
        manager.create(CourseMessage, {
          tenantId: auth.tenantId,
          courseId,
          senderId: auth.userId,
          receiverId: input.receiver_id,
          subject: input.subject.trim(),
          message: input.message,
          attachments: uploaded,
          messageableType: input.messageable_type ?? null,
          messageableId: input.messageable_id ?? null,
          readAt: null,
          senderDeleted: false,
          receiverDeleted: false,
        }),
      );
      await recordEvent(manager, 'messaging.message.sent', {
        tenantId: auth.tenantId,
        actorId: auth.userId,
        key: message.id,
        data: {
          id: Number(message.id),
          courseId,
          senderId: auth.userId,
          receiverIds: [input.receiver_id],
          subject: message.subject,
          messageableType: message.messageableType,
          messageableId: message.messageableId === null ? null : Number(message.messageableId),
        },
      });
      return Number(message.id);
    });
    return this.get(auth, id);
  }

  /** `PATCH /course/messages/{id}`: the sender's change; files not kept in `attachments` are deleted. */
  async update(auth: AuthContext, id: number, input: MessageUpdate): Promise<ReadMessage> {
    const message = await this.mine(auth, id);
    if (Number(message.senderId) !== auth.userId) throw forbidden('Only its sender may change a message');
    await this.checkAbout(Number(message.courseId), input);
    let dropped: StoredFile[] = [];
    if (input.attachments !== undefined) {
      const keep = input.attachments.map((key) => fileByKey(message.attachments, key).key);
      dropped = message.attachments.filter((file) => !keep.includes(file.key));
      message.attachments = message.attachments.filter((file) => keep.includes(file.key));
    }
    if (input.subject !== undefined) message.subject = input.subject.trim();
    if (input.message !== undefined) message.message = input.message;
    if (input.messageable_type !== undefined) message.messageableType = input.messageable_type;
    if (input.messageable_id !== undefined) message.messageableId = input.messageable_id;
    await this.dataSource.getRepository(CourseMessage).save(message);
    await this.files.remove(dropped);
    return this.get(auth, id);
  }

  /** `DELETE /course/messages/{id}`: out of the caller's box; gone with its files once both removed it. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const message = await this.mine(auth, id);
    if (Number(message.senderId) === auth.userId) message.senderDeleted = true;
    if (Number(message.receiverId) === auth.userId) message.receiverDeleted = true;
    const repository = this.dataSource.getRepository(CourseMessage);
    if (message.senderDeleted && message.receiverDeleted) {
      await repository.delete({ id });
      await this.files.remove(message.attachments);
    } else await repository.save(message);
  }

  /** A file of a message, for its sender or receiver. */
  async sendFile(auth: AuthContext, id: number, key: string, reply: FastifyReply) {
    const message = await this.mine(auth, id);
    return this.files.send(reply, fileByKey(message.attachments, key), { inline: true });
  }

  /** `GET /course/messages/settings/{courseId}`: for anyone in the course. */
  async setting(auth: AuthContext, courseId: number) {
    if ((await this.placeIn(auth.tenantId, auth.userId, courseId)) === null)
      throw notFound('Course not found');
    return this.settingOf(auth.tenantId, courseId);
  }

  /** `PATCH /course/messages/settings/{courseId}`: its staff only (a student: 403; anyone else: 404). */
  async setSetting(auth: AuthContext, courseId: number, studentsMayMessageClassmates: boolean) {
    const place = await this.placeIn(auth.tenantId, auth.userId, courseId);
    if (place === null) throw notFound('Course not found');
    if (place !== 'staff') throw forbidden('Only the lecturer and assistants of the course may change this');
    await this.dataSource
      .getRepository(CourseMessageSetting)
      .upsert({ courseId, tenantId: auth.tenantId, studentsMayMessageClassmates }, ['courseId']);
    return this.settingOf(auth.tenantId, courseId);
  }

  /** The message if the caller sent or received it (and has not removed it); 404 otherwise. */
  private async mine(auth: AuthContext, id: number): Promise<CourseMessage> {
    const message = await this.dataSource
      .getRepository(CourseMessage)
      .findOneBy({ id, tenantId: auth.tenantId });
    const sender = message && Number(message.senderId) === auth.userId && !message.senderDeleted;
    const receiver = message && Number(message.receiverId) === auth.userId && !message.receiverDeleted;
    if (!message || (!sender && !receiver)) throw notFound('Message not found');
    return message;
  }

  /**
   * The course the message goes through: the one named (422 unless the sender may write to the
   * receiver in it; 404 when the sender is not in it), or the first the two share where they may.
   */
  private async courseFor(
    auth: AuthContext,
    receiverId: number,
    courseId: number | undefined,
  ): Promise<number> {
    const candidates =
      courseId !== undefined
        ? [courseId]
        : (
            (await this.dataSource.query(
              `SELECT course_id FROM course_staff WHERE user_id = $1 AND tenant_id = $2
               UNION SELECT course_id FROM course_students WHERE user_id = $1 AND tenant_id = $2 AND enrolled
               ORDER BY course_id`,
              [auth.userId, auth.tenantId],
            )) as Array<{ course_id: string }>
          ).map((row) => Number(row.course_id));
    for (const candidate of candidates) {
      const mine = await this.placeIn(auth.tenantId, auth.userId, candidate);
      if (mine === null) continue;
      const theirs = await this.placeIn(auth.tenantId, receiverId, candidate);
      if (theirs === null) continue;
      if (mine === 'staff' || theirs === 'staff') return candidate;
      if ((await this.settingOf(auth.tenantId, candidate)).studentsMayMessageClassmates) return candidate;
    }
    if (courseId !== undefined && (await this.placeIn(auth.tenantId, auth.userId, courseId)) === null)
      throw notFound('Course not found');
    throw unprocessable([issue('receiver_id', 'is not someone you may write to in this course')]);
  }

  /** `messageable_*` names an activity of the course, or nothing. */
  private async checkAbout(
    courseId: number,
    input: { messageable_type?: string | null; messageable_id?: number | null },
  ) {
    const type = input.messageable_type;
    const about = input.messageable_id;
    if (type === undefined && about === undefined) return;
    if ((type ?? null) === null && (about ?? null) === null) return;
    if (!type || !about)
      throw unprocessable([issue('messageable_id', 'messageable_type and messageable_id go together')]);
    if (!(await this.projections.activity(courseId, about)))
      throw unprocessable([issue('messageable_id', 'is not an activity of this course')]);
  }

  /** Where the user stands in the course: staff, enrolled student, or nowhere. */
  private async placeIn(
    tenantId: number,
    userId: number,
    courseId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Place> {
    const role = await this.projections.roleIn({ tenantId, userId }, courseId, manager);
    if (role === 'lecturer' || role === 'assistant') return 'staff';
    return role === 'student' ? 'student' : null;
  }

  private async settingOf(tenantId: number, courseId: number) {
    const saved = await this.dataSource.getRepository(CourseMessageSetting).findOneBy({ courseId, tenantId });
    return saved ?? { courseId, tenantId, studentsMayMessageClassmates: false };
  }
}
