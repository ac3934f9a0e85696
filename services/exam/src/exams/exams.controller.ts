import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
  unprocessable,
} from '@lms/jsonapi';
import { examClassResource, examQuery, examResource, examTokenResource } from './exams.resource';
import { assistantChange, examCreateRules, examUpdateRules, tokenRules } from './exams.rules';
import { ExamsService } from './exams.service';

@Controller('api/exam/exams')
export class ExamsController {
  constructor(private readonly exams: ExamsService) {}

  /**
   * The caller's exams, latest start first: staff those of the courses they teach and those they
   * assist, students the published exams of their classes. `filter[…]`, `sort`,
   * `include=course,assistants,classes`, `page[limit|offset]`.
   */
  @Get()
  @Responds(examResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(examQuery) query: ParsedQuery) {
    const [exams, total] = await this.exams.list(auth, query);
    return respond(examResource, exams, { include: query.include, meta: pageMeta(total, query) });
  }

  /** A new exam of a course the caller teaches: unpublished, no package until one is set. */
  @Post()
  @Responds(examResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(examCreateRules) input: AttributesOf<typeof examCreateRules>,
  ) {
    return respond(examResource, await this.exams.create(auth, input));
  }

  /** Adds or removes exam assistants: `[{action: add|remove, exam_id, user_ids}]`. */
  @Put('assistant')
  @Responds(examResource, { list: true })
  async assistants(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    const exams = await this.exams.changeAssistants(auth, readAssistantChanges(body));
    return respond(examResource, exams, { include: ['assistants'] });
  }

  /** A new exam token: `{exam_id, token_length, token_duration (minutes), token_reconnect}`. */
  @Post('token')
  @Responds(examTokenResource)
  async token(
    @CurrentAuth() auth: AuthContext,
    @Attributes(tokenRules) input: AttributesOf<typeof tokenRules>,
  ) {
    return respond(examTokenResource, await this.exams.makeToken(auth, input));
  }

  @Get(':id')
  @Responds(examResource)
  async get(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(examQuery, { includeOnly: true }) query: ParsedQuery,
  ) {
    return respond(examResource, await this.exams.get(auth, id, query.include), { include: query.include });
  }

  /** Changes the attributes sent (`type` or `exams_type`), and only those. */
  @Patch(':id')
  @Responds(examResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(examUpdateRules) input: AttributesOf<typeof examUpdateRules>,
  ) {
    return respond(examResource, await this.exams.update(auth, id, input));
  }

  /** Soft delete (restore with `PATCH …/restore`). */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.exams.remove(auth, id);
  }

  @Patch(':id/restore')
  @Responds(examResource)
  async restore(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(examResource, await this.exams.restore(auth, id));
  }

  /** The classes the exam is for (every class of its course when it names none). */
  @Get(':id/classes')
  @Responds(examClassResource, { list: true })
  async classes(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(examClassResource, await this.exams.classes(auth, id));
  }

  /** Removes package `n` (1-based); later packages move down by one. */
  @Delete(':id/package/:n')
  @Responds(examResource)
  async removePackage(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('n', ParseIdPipe) n: number,
  ) {
    return respond(examResource, await this.exams.removePackage(auth, id, n));
  }
}

/**
 * The body of `PUT /exam/exams/assistant`: a list of changes, bare (as the spec's client sends
 * it) or as a JSON:API document's `data` list; every problem a 422 pointing into the list.
 */
function readAssistantChanges(body: unknown) {
  const items: unknown[] = Array.isArray(body)
    ? body
    : body !== null && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)
      ? ((body as { data: unknown[] }).data as unknown[]).map((item) =>
          item !== null && typeof item === 'object' && 'attributes' in item
            ? (item as { attributes: unknown }).attributes
            : item,
        )
      : [];
  if (items.length === 0 || items.length > 50)
    throw unprocessable([{ pointer: '/data', detail: 'send a list of 1 to 50 {action, exam_id, user_ids}' }]);
  const issues: Array<{ pointer: string; detail: string }> = [];
  const changes = items.flatMap((item, index) => {
    const result = assistantChange.safeParse(item);
    if (result.success) return [result.data];
    for (const issue of result.error.issues) {
      const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
      const name = path.map(String).join('.');
      issues.push({
        pointer: ['/data', index, 'attributes', ...path].join('/'),
        detail:
          issue.code === 'invalid_type' && issue.input === undefined
            ? `${name} is required`
            : `${name} ${issue.message}`,
      });
    }
    return [];
  });
  if (issues.length > 0) throw unprocessable(issues);
  return changes;
}
