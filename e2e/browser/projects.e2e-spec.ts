import { startBrowserPlatform, type BrowserPlatform, type SignedIn } from '../support/browser-platform';
import { dispatchDragAndDrop, screenshot, seriousA11yViolations, settled } from '../support/browser';

/**
 * Issue 20's screens in a browser on the real services, on the demo campus: the lecturer makes a
 * workspace, its token and a project; student1 joins with the token; the lecturer adds them to the
 * project and makes a board; both open the board in their own browser, and a card one moves — by
 * drag and drop, or from the keyboard's "move to" menu — appears moved for the other without a
 * reload. The lecturer assigns the card to student1 with a due date: the card shows them, student1
 * finds the notification in the bell (it opens the project) and narrows the board to their own
 * cards, and marks it done: the lecturer sees the done mark. Axe clean, at 1366 and 390 px.
 */
describe('projects in the browser', () => {
  let web: BrowserPlatform;
  let base: string;
  const contexts: SignedIn[] = [];

  beforeAll(async () => {
    web = await startBrowserPlatform();
    base = web.base;
  });

  afterAll(async () => {
    for (const signed of contexts) await signed.context.close();
    await web?.stop();
  });

  const signedIn = async (username: string, width = 1366) => {
    const signed = await web.signedIn(username, { width });
    contexts.push(signed);
    return signed;
  };
  const checked = async (signed: SignedIn, name: string) => {
    await settled(signed.page);
    expect(await seriousA11yViolations(signed.page)).toEqual([]);
    await screenshot(signed.page, name);
    expect(signed.errors).toEqual([]);
  };

  it('lets a lecturer and a student who joined by token move cards on one board, live', async () => {
    const name = `Team lab ${Date.now()}`;
    const lecturer = await signedIn('lecturer');
    const page = lecturer.page;
    await page.goto(`${base}/workspace`);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page
      .getByLabel('Valid until')
      .fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 16));
    await page.getByRole('button', { name: 'Make a new token' }).click();
    const tokenText = await page.getByText(/^Token: /).textContent();
    const token = tokenText!.replace('Token: ', '').trim();
    expect(token).toMatch(/^[A-Z2-9]{8}$/);
    await page.getByLabel('Project name').fill('Board test');
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByRole('link', { name: 'Board test' }).waitFor();
    await checked(lecturer, 'projects-workspace-1366');

    // the student joins with the token from the workspace list
    const student = await signedIn('student1', 390);
    await student.page.goto(`${base}/workspace`);
    const card = student.page.getByRole('listitem').filter({ hasText: name });
    await card.getByLabel('Join token').fill(token.toLowerCase());
    await card.getByRole('button', { name: 'Join' }).click();
    await student.page.getByRole('heading', { level: 1, name }).waitFor();
    await checked(student, 'projects-joined-390');

    // the lecturer adds them to the project, then makes a module and a board with a card
    await page.getByRole('link', { name: 'Board test' }).click();
    await page.getByRole('heading', { level: 1, name: 'Board test' }).waitFor();
    await page.getByLabel('Add a member').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: /^Remove / }).waitFor();
    await page.getByLabel('Module name').fill('Sprint 1');
    await page.getByRole('button', { name: 'Add module' }).click();
    await page.getByRole('link', { name: 'Sprint 1' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Tasks');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const todo = page.getByRole('region', { name: 'Column To do' });
    await todo.getByLabel('New card in To do').fill('Write tests');
    await todo.getByRole('button', { name: 'Add card' }).click();
    await todo.getByText('Write tests', { exact: true }).waitFor();
    const moduleUrl = page.url();

    // the lecturer assigns it to student1, due in a week
    await todo.locator('summary', { hasText: 'Edit Write tests' }).click();
    await todo.getByRole('group', { name: 'Assignees' }).getByLabel('Ayu Lestari').check();
    await todo.getByLabel('Due date').fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 16));
    await todo.getByRole('button', { name: 'Save card' }).click();
    await todo.getByText('Assigned to Ayu Lestari').waitFor({ state: 'attached' });
    await todo.getByText(/^Due /).waitFor();
    await checked(lecturer, 'projects-card-assigned-1366');

    // student1 is told in the bell (made from project.card.assigned); the notification opens the project
    const told = student.page.getByRole('link', { name: /assigned you “Write tests” in Board test/ });
    for (let tries = 0; tries < 30 && !(await told.isVisible()); tries += 1) {
      await student.page.reload();
      await student.page.getByRole('button', { name: /^Notifications/ }).click();
      await student.page.waitForTimeout(1000);
    }
    await told.click();
    await student.page.getByRole('heading', { level: 1, name: 'Board test' }).waitFor();
    await checked(student, 'projects-assigned-notification-390');

    // the student opens the same board
    await student.page.goto(moduleUrl);
    const studentTodo = student.page.getByRole('region', { name: 'Column To do' });
    await studentTodo.getByText('Write tests', { exact: true }).waitFor();
    await student.page.getByRole('button', { name: 'Assigned to me' }).click();
    await studentTodo.getByText('Assigned to Ayu Lestari').waitFor({ state: 'attached' });
    await student.page.getByRole('button', { name: 'Assigned to me' }).click();

    // the lecturer drags the card to Doing: the student sees it there without reloading
    await dispatchDragAndDrop(
      todo.getByRole('listitem').filter({ hasText: 'Write tests' }),
      page.getByRole('region', { name: 'Column Doing' }),
    );
    await student.page
      .getByRole('region', { name: 'Column Doing' })
      .getByText('Write tests', { exact: true })
      .waitFor();
    expect(await studentTodo.getByText('Write tests', { exact: true }).count()).toBe(0);

    // the student moves it on with the keyboard's menu: the lecturer sees it in Done
    await student.page.getByLabel('Move Write tests to').selectOption({ label: 'Done' });
    await page
      .getByRole('region', { name: 'Column Done' })
      .getByText('Write tests', { exact: true })
      .waitFor();

    // the student marks it done: the lecturer sees the done mark, without reloading
    const studentDone = student.page.getByRole('region', { name: 'Column Done' });
    await studentDone.locator('summary', { hasText: 'Edit Write tests' }).click();
    await studentDone.getByRole('checkbox', { name: 'Done' }).check();
    await studentDone.getByRole('button', { name: 'Save card' }).click();
    await page
      .getByRole('region', { name: 'Column Done' })
      .getByText(/Done \(due /)
      .waitFor();
    await checked(lecturer, 'projects-board-1366');
    await checked(student, 'projects-board-390');
    // the column's delete button is there on a phone too (it was hidden below 576 px)
    expect(await studentDone.getByRole('button', { name: 'Delete column Done' }).isVisible()).toBe(true);
    expect(
      (await student.page.evaluate('document.documentElement.scrollWidth')) as number,
    ).toBeLessThanOrEqual(390);

    // the timeline tells it
    await page.goto(
      `${base}/workspace/project-detail/${moduleUrl.split('/project-detail/')[1].split('/')[0]}`,
    );
    await page
      .getByText(/moved the card Write tests/)
      .first()
      .waitFor();
    await checked(lecturer, 'projects-project-1366');
  });
});
