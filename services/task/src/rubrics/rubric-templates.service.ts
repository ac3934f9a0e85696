import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { forbidden, notFound, unprocessable, type z } from '@lms/jsonapi';
import { BUNDLED_PEER_REVIEW_ID, GROUP_PEER_REVIEW } from './bundled';
import { RubricTemplate } from './rubric-template.entity';
import { normalizeRubric, rubricIssues } from '@lms/rubrics';
import type {
  ReadRubricTemplate,
  templateCreateRules,
  templateUpdateRules,
} from './rubric-templates.resource';

/** Who may add templates to a campus: its lecturers and admins. */
const AUTHORS = new Set(['lecturer', 'admin']);

/** The bundled template as listed (read-only). */
export function bundledPeerReview(): ReadRubricTemplate {
  return {
    id: BUNDLED_PEER_REVIEW_ID,
    name: GROUP_PEER_REVIEW.name,
    rubric: structuredClone(GROUP_PEER_REVIEW),
    bundled: true,
    createdBy: null,
    createdAt: null,
    updatedAt: null,
    canEdit: false,
  };
}

/**
 * Rubric templates offered in the task editor and the peer assessment: the bundled Group Peer
 * Review Evaluation (spec 02 §3), then the campus's own, read by anyone of the campus, added by
 * its lecturers and admins, changed or deleted by their author or an admin. Another campus's
 * template is a 404.
 */
@Injectable()
export class RubricTemplatesService {
  constructor(private readonly dataSource: DataSource) {}

  async list(auth: AuthContext): Promise<ReadRubricTemplate[]> {
    const rows = await this.dataSource
      .getRepository(RubricTemplate)
      .find({ where: { tenantId: auth.tenantId }, order: { name: 'ASC', id: 'ASC' } });
    return [bundledPeerReview(), ...rows.map((row) => this.read(auth, row))];
  }

  async get(auth: AuthContext, id: string): Promise<ReadRubricTemplate> {
    if (id === BUNDLED_PEER_REVIEW_ID) return bundledPeerReview();
    return this.read(auth, await this.row(auth, id));
  }

  async create(auth: AuthContext, input: z.output<typeof templateCreateRules>): Promise<ReadRubricTemplate> {
    if (!AUTHORS.has(auth.role)) throw forbidden('Only lecturers and admins add rubric templates');
    const issues = rubricIssues(input.rubric);
    if (issues.length > 0) throw unprocessable(issues);
    const saved = await this.dataSource.getRepository(RubricTemplate).save(
      Object.assign(new RubricTemplate(), {
        tenantId: auth.tenantId,
        name: input.name.trim(),
        rubric: normalizeRubric(input.rubric, input.name.trim()),
        createdBy: auth.userId,
      }),
    );
    return this.get(auth, String(saved.id));
  }

  async update(
    auth: AuthContext,
    id: string,
    input: z.output<typeof templateUpdateRules>,
  ): Promise<ReadRubricTemplate> {
    const row = await this.editable(auth, id);
    if (input.rubric !== undefined) {
      const issues = rubricIssues(input.rubric);
      if (issues.length > 0) throw unprocessable(issues);
    }
    if (input.name !== undefined) row.name = input.name.trim();
    if (input.rubric !== undefined) row.rubric = normalizeRubric(input.rubric, row.name);
    await this.dataSource.getRepository(RubricTemplate).save(row);
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const row = await this.editable(auth, id);
    await this.dataSource.getRepository(RubricTemplate).delete({ id: row.id });
  }

  private read(auth: AuthContext, row: RubricTemplate): ReadRubricTemplate {
    return {
      id: String(row.id),
      name: row.name,
      rubric: row.rubric,
      bundled: false,
      createdBy: Number(row.createdBy),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      canEdit: auth.role === 'admin' || Number(row.createdBy) === auth.userId,
    };
  }

  private async row(auth: AuthContext, id: string): Promise<RubricTemplate> {
    const row = /^[1-9]\d{0,17}$/.test(id)
      ? await this.dataSource
          .getRepository(RubricTemplate)
          .findOneBy({ id: Number(id), tenantId: auth.tenantId })
      : null;
    if (!row) throw notFound('Rubric template not found');
    return row;
  }

  private async editable(auth: AuthContext, id: string): Promise<RubricTemplate> {
    if (id === BUNDLED_PEER_REVIEW_ID) throw forbidden('The bundled template cannot be changed');
    const row = await this.row(auth, id);
    if (!this.read(auth, row).canEdit)
      throw forbidden('Only its author or an admin changes a rubric template');
    return row;
  }
}
