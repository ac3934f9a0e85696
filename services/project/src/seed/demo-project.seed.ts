import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { BoardService } from '../contents/board.service';
import { ContentsService } from '../contents/contents.service';
import { ModulesService } from '../projects/modules.service';
import { ProjectsService } from '../projects/projects.service';
import { WorkspacesService } from '../workspaces/workspaces.service';

const DEMO_PEOPLE = ['lecturer', 'student1', 'student2', 'student3'] as const;
type DemoPerson = (typeof DEMO_PEOPLE)[number];
const DAY = 24 * 3_600_000;

/**
 * The demo campus's workspace (`npm start`), made through the service's own operations: the
 * lecturer's "Capstone projects" joined by the three demo students with its token, the project
 * "Library app" with them as members, its module "Sprint 1" with a text and a board of cards.
 * Waits (throws) until identity's demo users have arrived by event; does nothing when the campus
 * has a workspace already.
 */
export async function seedProjectDemo(
  app: INestApplicationContext,
  tenantId: number,
): Promise<{ created: boolean }> {
  const dataSource = app.get(DataSource);
  const rows: Array<{ id: string; username: DemoPerson; role: AuthContext['role']; time_zone: string }> =
    await dataSource.query(
      `SELECT u.id, u.username, u.role, t.time_zone FROM users u JOIN tenants t ON t.id = u.tenant_id
        WHERE u.tenant_id = $1 AND u.username = ANY($2::text[])`,
      [tenantId, DEMO_PEOPLE],
    );
  if (rows.length < DEMO_PEOPLE.length) throw new Error('the demo lecturer and students are not here yet');
  const existing: unknown[] = await dataSource.query(
    `SELECT 1 FROM workspaces WHERE tenant_id = $1 LIMIT 1`,
    [tenantId],
  );
  if (existing.length > 0) return { created: false };
  const people = Object.fromEntries(
    rows.map((row) => [
      row.username,
      {
        userId: Number(row.id),
        tenantId,
        role: row.role,
        studentId: null,
        lecturerId: null,
        sessionId: 'demo-seed',
        timeZone: row.time_zone,
      } satisfies AuthContext,
    ]),
  ) as Record<DemoPerson, AuthContext>;
  const { lecturer } = people;
  const students = [people.student1, people.student2, people.student3];

  const workspaces = app.get(WorkspacesService);
  const workspace = await workspaces.create(lecturer, {
    name: 'Capstone projects',
    description: 'Final-year team projects of the informatics programme.',
  });
  const { token } = await workspaces.newToken(lecturer, workspace.id, new Date(Date.now() + 30 * DAY));
  for (const student of students)
    await workspaces.join(student, { type: 'student', workspace_id: workspace.id, token: token! });

  const projects = app.get(ProjectsService);
  const project = await projects.create(lecturer, {
    workspace_id: workspace.id,
    name: 'Library app',
    description: 'A web application for borrowing and returning books.',
  });
  for (const student of students)
    await projects.addMember(lecturer, { project_id: project.id, user_id: student.userId });

  const module = await app
    .get(ModulesService)
    .create(people.student1, { project_id: project.id, name: 'Sprint 1' });
  const contents = app.get(ContentsService);
  await contents.create(people.student1, {
    project_module_id: module.id,
    name: 'Requirements',
    type: 'text',
    text: '<h2>Goals</h2><ul><li>Students borrow books online.</li><li>Librarians see what is overdue.</li></ul>',
  });
  const board = await contents.create(people.student2, {
    project_module_id: module.id,
    name: 'Sprint board',
    type: 'board',
    columns: ['To do', 'Doing', 'Done'],
  });
  const [todo, doing, done] = board.board!.columns.map((column) => column.id);
  const boards = app.get(BoardService);
  for (const [column, title] of [
    [todo, 'Design the loan screen'],
    [todo, 'Overdue reminders'],
    [doing, 'Book search'],
    [done, 'Sign-in with the campus account'],
  ] as const)
    await boards.addCard(people.student2, board.id, { column_id: column, title });
  await contents.comment(people.student3, board.id, 'I will take the overdue reminders.');
  return { created: true };
}
