import { Controller, Get } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import { PAGE_META, pageMeta, type ParsedQuery, respond, Responds } from '@lms/jsonapi';
import { todoQuery, todoResource } from './todo.resource';
import { TodoService } from './todo.service';

@Controller('api')
export class TodoController {
  constructor(private readonly todo: TodoService) {}

  /**
   * The signed-in user's to-do (spec 02 §7) across their courses, most urgent first: a student's
   * exams to take, tasks to send (or send again) and logbook entries to write, a lecturer's or
   * assistant's answers to score.
   * `filter[course_id]`, `filter[todo_type]`, `page[limit]` (10) and `page[offset]`.
   */
  @Get('todo')
  @Responds(todoResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(todoQuery) query: ParsedQuery) {
    const [items, total] = await this.todo.list(auth, query);
    return respond(todoResource, items, { meta: pageMeta(total, query) });
  }
}
