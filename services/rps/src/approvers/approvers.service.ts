import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, conflict, forbidden, notFound, unprocessable } from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { RpsApprover } from './rps-approver.entity';

/**
 * Who approves a campus's semester plans: its administrators, and the lecturers they name (spec
 * 03 §6 leaves it open; the web client signs administrators out, so the approver in the browser
 * is a named lecturer, such as the head of the study programme).
 */
@Injectable()
export class ApproversService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projections,
  ) {}

  /** Whether the caller approves the campus's plans. */
  async isApprover(auth: AuthContext): Promise<boolean> {
    if (auth.role === 'admin') return true;
    if (auth.role !== 'lecturer') return false;
    return this.dataSource
      .getRepository(RpsApprover)
      .existsBy({ tenantId: auth.tenantId, userId: auth.userId });
  }

  /** The named approvers with their names (administrators and approvers read it). */
  async list(auth: AuthContext) {
    if (!(await this.isApprover(auth)))
      throw forbidden('Only the approvers of semester plans see who they are');
    const approvers = await this.dataSource
      .getRepository(RpsApprover)
      .find({ where: { tenantId: auth.tenantId }, order: { createdAt: 'ASC' } });
    const users = new Map(
      (
        await this.projections.users(
          auth.tenantId,
          approvers.map((approver) => Number(approver.userId)),
        )
      ).map((user) => [Number(user.id), user]),
    );
    return approvers.flatMap((approver) => {
      const user = users.get(Number(approver.userId));
      return user ? [{ approver, user }] : [];
    });
  }

  /** Names a lecturer of the campus an approver (administrators only). */
  async add(auth: AuthContext, userId: number) {
    this.assertAdmin(auth);
    const [user] = await this.projections.users(auth.tenantId, [userId]);
    if (!user || user.role !== 'lecturer')
      throw unprocessable([
        { pointer: attributePointer('user_id'), detail: 'is not a lecturer of the campus' },
      ]);
    const repository = this.dataSource.getRepository(RpsApprover);
    if (await repository.existsBy({ tenantId: auth.tenantId, userId }))
      throw conflict(`${user.name} approves semester plans already`, 'rps_approver_exists');
    const approver = await repository.save(
      Object.assign(new RpsApprover(), { tenantId: auth.tenantId, userId, createdBy: auth.userId }),
    );
    return { approver, user };
  }

  async remove(auth: AuthContext, userId: number) {
    this.assertAdmin(auth);
    const { affected } = await this.dataSource
      .getRepository(RpsApprover)
      .delete({ tenantId: auth.tenantId, userId });
    if (!affected) throw notFound('Approver not found');
  }

  private assertAdmin(auth: AuthContext) {
    if (auth.role !== 'admin') throw forbidden('Only the campus administrators name the approvers');
  }
}
