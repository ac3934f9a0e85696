import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type AuthContext, CurrentAuth, JsonApiQuery, Public } from '@lms/auth';
import {
  ATTRIBUTES_SCHEMA,
  Attributes,
  type AttributesMetadata,
  type AttributesOf,
  attributePointer,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
  unprocessable,
  z,
} from '@lms/jsonapi';
import { rawBodyOf, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './vlab-signature';
import {
  leaderboardResource,
  vlabQuery,
  vlabResource,
  vlabResultQuery,
  vlabResultResource,
} from './vlabs.resource';
import { vlabCreateRules, vlabResultRules, vlabUpdateRules } from './vlabs.rules';
import { VlabsService } from './vlabs.service';

/**
 * Documents the body a handler reads itself (after checking its signature) in the API document,
 * without validating it before the handler runs as `@Attributes` would.
 */
function DocumentedBody(schema: AttributesMetadata['schema']): MethodDecorator {
  return (target, key) => {
    const metadata: AttributesMetadata = { schema };
    Reflect.defineMetadata(ATTRIBUTES_SCHEMA, metadata, target, key);
  };
}

/** The secret of a lab, in `meta` of the answers that make it: shown this once. */
const SECRET_META = z.object({ secret: z.string() });

/** Virtual labs (spec 03 §7) and the results their labs report (docs/virtual-labs.md). */
@Controller('api/course/vlabs')
export class VlabsController {
  constructor(private readonly vlabs: VlabsService) {}

  /** Labs of the caller's courses: `filter[course_id][is]`, `filter[activity_id][is]`. */
  @Get()
  @Responds(vlabResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(vlabQuery) query: ParsedQuery) {
    const [vlabs, total] = await this.vlabs.list(auth, query);
    return respond(vlabResource, vlabs, { meta: pageMeta(total, query) });
  }

  /** A lab on an activity (teaching staff); `meta.secret` is the key its results are signed with. */
  @Post()
  @Responds(vlabResource, { meta: SECRET_META })
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(vlabCreateRules) input: AttributesOf<typeof vlabCreateRules>,
  ) {
    const { vlab, secret } = await this.vlabs.create(auth, input);
    return respond(vlabResource, vlab, { meta: { secret } });
  }

  /** Without an id (spec 03 §5). */
  @Delete()
  removeWithoutId(): never {
    throw unprocessable([{ pointer: attributePointer('id'), detail: 'Vlab id is required' }]);
  }

  @Get(':id')
  @Responds(vlabResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(vlabResource, await this.vlabs.get(auth, id));
  }

  @Patch(':id')
  @Responds(vlabResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(vlabUpdateRules) input: AttributesOf<typeof vlabUpdateRules>,
  ) {
    return respond(vlabResource, await this.vlabs.update(auth, id, input));
  }

  /** Deletes the lab with its results. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.vlabs.remove(auth, id);
  }

  /** A new secret (the old one stops working), in `meta.secret`. */
  @Post(':id/secret')
  @HttpCode(200)
  @Responds(vlabResource, { meta: SECRET_META })
  async rotate(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    const { vlab, secret } = await this.vlabs.rotateSecret(auth, id);
    return respond(vlabResource, vlab, { meta: { secret } });
  }

  /** Best score per student, ties by the earlier time (names as the lab's settings allow). */
  @Get(':id/leaderboards')
  @Responds(leaderboardResource, { list: true })
  async leaderboard(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(leaderboardResource, await this.vlabs.leaderboard(auth, id));
  }

  /** Results: a student's own, the staff's choice of anyone's (`filter[user_id][is]`). */
  @Get(':id/results')
  @Responds(vlabResultResource, { list: true, meta: PAGE_META })
  async results(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(vlabResultQuery) query: ParsedQuery,
  ) {
    const [results, total] = await this.vlabs.results(auth, id, query);
    return respond(vlabResultResource, results, { meta: pageMeta(total, query) });
  }

  /**
   * A result reported by the lab itself, without a user token: signed with the lab's secret,
   * `X-Vlab-Timestamp: <unix seconds>` and `X-Vlab-Signature: sha256=<hex HMAC-SHA256 of
   * "<timestamp>.<body>">` (docs/virtual-labs.md). 401 and nothing stored when it does not hold.
   */
  @Post(':id/results')
  @Public()
  @DocumentedBody(vlabResultRules)
  @Responds(vlabResultResource)
  async report(@Param('id', ParseIdPipe) id: number, @Req() request: FastifyRequest) {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const result = await this.vlabs.report(id, {
      timestamp: header(TIMESTAMP_HEADER),
      signature: header(SIGNATURE_HEADER),
      raw: rawBodyOf(request.raw),
      body: request.body,
    });
    return respond(vlabResultResource, result);
  }
}
