import { Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthContext, browserHost, CurrentAuth, JsonApiQuery, Public } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  badRequest,
  notFound,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { Projections } from '@lms/projections';
import { contentDisposition } from '@lms/storage';
import { rpsPdf } from './rps-pdf';
import { publicRpsResource, rpsListQuery, rpsResource } from './rps.resource';
import {
  approvalDecisionRules,
  approvalSubmitRules,
  rpsCloneRules,
  rpsCreateRules,
  rpsWindowRules,
  STAGE_RULES,
  type StageInput,
} from './rps.rules';
import { RpsService } from './rps.service';
import type { SemesterPlan } from './semester-plan.entity';

const pdfResponse = {
  responses: {
    '200': {
      description: 'The plan as a PDF',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    },
  },
};

async function sendPdf(reply: FastifyReply, plan: SemesterPlan) {
  const body = await rpsPdf(plan);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(body.length))
    .header('content-disposition', contentDisposition(`RPS ${plan.code} ${plan.curriculum}.pdf`))
    .send(body);
}

/** `code` and `curriculum` of a query: both required (spec 03 §5 "parameter is required"). */
function codeAndCurriculum(raw: Record<string, unknown>) {
  const read = (name: string) => {
    const value = raw[name];
    if (typeof value !== 'string' || value.trim() === '') throw badRequest(`${name} is required`, name);
    return value.trim();
  };
  return { code: read('code'), curriculum: read('curriculum') };
}

/**
 * Semester plans (RPS, spec 03 §2–§7, prefix `/rps/v1`): list, preview, create, clone, the 11
 * stages, the editing window, the PDF.
 */
@Controller('api/rps/v1/rps')
export class RpsController {
  constructor(private readonly rps: RpsService) {}

  /** The plans the caller reads: staff those of their courses, the administrators every one. */
  @Get('list')
  @Responds(rpsResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(rpsListQuery) query: ParsedQuery) {
    const [rows, total] = await this.rps.list(auth, query);
    return respond(rpsResource, rows, { meta: pageMeta(total, query) });
  }

  /** The newest plan of `code` and `curriculum` the caller reads, whatever its status. */
  @Get('preview')
  @Responds(rpsResource)
  async preview(@CurrentAuth() auth: AuthContext, @Query() raw: Record<string, unknown>) {
    const { code, curriculum } = codeAndCurriculum(raw);
    return respond(rpsResource, await this.rps.preview(auth, code, curriculum));
  }

  /** A new draft for a course and curriculum; the window from the approver only (else 30 days from now). */
  @Post()
  @Responds(rpsResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(rpsCreateRules) input: AttributesOf<typeof rpsCreateRules>,
  ) {
    return respond(rpsResource, await this.rps.view(auth, await this.rps.create(auth, input)));
  }

  /** A new draft in `course_id` with the stages of another plan (another period's). */
  @Post('clone')
  @Responds(rpsResource)
  async clone(
    @CurrentAuth() auth: AuthContext,
    @Attributes(rpsCloneRules) input: AttributesOf<typeof rpsCloneRules>,
  ) {
    return respond(rpsResource, await this.rps.view(auth, await this.rps.clone(auth, input)));
  }

  @Get(':id')
  @Responds(rpsResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(rpsResource, await this.rps.view(auth, await this.rps.get(auth, id)));
  }

  @Get(':id/pdf')
  @DocumentOperation({ summary: 'The semester plan as a printable PDF', ...pdfResponse })
  async pdf(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Res() reply: FastifyReply,
  ) {
    return sendPdf(reply, await this.rps.get(auth, id));
  }

  /** The approver sets when the authors may edit it. */
  @Patch(':id/window')
  @Responds(rpsResource)
  async window(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(rpsWindowRules) input: AttributesOf<typeof rpsWindowRules>,
  ) {
    return respond(rpsResource, await this.rps.view(auth, await this.rps.window(auth, id, input)));
  }

  private async stage<S extends keyof typeof STAGE_RULES>(
    auth: AuthContext,
    id: number,
    slug: S,
    input: StageInput<S>,
  ) {
    return respond(rpsResource, await this.rps.view(auth, await this.rps.saveStage(auth, id, slug, input)));
  }

  /** Stage 1: notes, course description, AI policy (what is sent changes). */
  @Patch(':id/stages/informasi-umum-mk')
  @Responds(rpsResource)
  general(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(STAGE_RULES['informasi-umum-mk']) input: StageInput<'informasi-umum-mk'>,
  ) {
    return this.stage(auth, id, 'informasi-umum-mk', input);
  }

  /** Stage 2: the study materials. */
  @Patch(':id/stages/bahan-kajian')
  @Responds(rpsResource)
  topics(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(STAGE_RULES['bahan-kajian']) input: StageInput<'bahan-kajian'>,
  ) {
    return this.stage(auth, id, 'bahan-kajian', input);
  }

  /** Stage 3: the programme's learning outcomes (CPL), codes unique. */
  @Patch(':id/stages/cpl')
  @Responds(rpsResource)
  cpl(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(STAGE_RULES.cpl) input: StageInput<'cpl'>,
  ) {
    return this.stage(auth, id, 'cpl', input);
  }

  /** Stage 4: the course's learning outcomes (CPMK), each naming CPL of stage 3, with its sub-CPMK. */
  @Patch(':id/stages/cpmk')
  @Responds(rpsResource)
  cpmk(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(STAGE_RULES.cpmk) input: StageInput<'cpmk'>,
  ) {
    return this.stage(auth, id, 'cpmk', input);
  }

  /** Stage 5: the references. */
  @Patch(':id/stages/rujukan')
  @Responds(rpsResource)
  references(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(STAGE_RULES.rujukan) input: StageInput<'rujukan'>,
  ) {
    return this.stage(auth, id, 'rujukan', input);
  }

  /** Stage 6: the assessments, each measuring CPMK of stage 4, weights at most 100 in all. */
  @Patch(':id/stages/evaluasi')
  @Responds(rpsResource)
  evaluations(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(STAGE_RULES.evaluasi) input: StageInput<'evaluasi'>,
  ) {
    return this.stage(auth, id, 'evaluasi', input);
  }

  /** Stage 7: the weeks of the main plan (what stages 8–11 said of a week it keeps is kept). */
  @Patch(':id/stages/rps-utama')
  @Responds(rpsResource)
  weeks(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(STAGE_RULES['rps-utama']) input: StageInput<'rps-utama'>,
  ) {
    return this.stage(auth, id, 'rps-utama', input);
  }

  /** Stage 8: each week's offline and online learning method. */
  @Patch(':id/stages/rps-metode-pembelajaran')
  @Responds(rpsResource)
  methods(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(STAGE_RULES['rps-metode-pembelajaran']) input: StageInput<'rps-metode-pembelajaran'>,
  ) {
    return this.stage(auth, id, 'rps-metode-pembelajaran', input);
  }

  /** Stage 9: each week's learning time in minutes (face to face, structured, independent). */
  @Patch(':id/stages/rps-waktu-pembelajaran')
  @Responds(rpsResource)
  times(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(STAGE_RULES['rps-waktu-pembelajaran']) input: StageInput<'rps-waktu-pembelajaran'>,
  ) {
    return this.stage(auth, id, 'rps-waktu-pembelajaran', input);
  }

  /** Stage 10: each week's learning experience (LCE). */
  @Patch(':id/stages/rps-lce')
  @Responds(rpsResource)
  lce(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(STAGE_RULES['rps-lce']) input: StageInput<'rps-lce'>,
  ) {
    return this.stage(auth, id, 'rps-lce', input);
  }

  /** Stage 11: each week's use of AI. */
  @Patch(':id/stages/rps-penggunaan-ai')
  @Responds(rpsResource)
  aiUse(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(STAGE_RULES['rps-penggunaan-ai']) input: StageInput<'rps-penggunaan-ai'>,
  ) {
    return this.stage(auth, id, 'rps-penggunaan-ai', input);
  }
}

/** The approval cycle: the authors submit, the approver (a campus administrator) decides. */
@Controller('api/rps/v1/approval')
export class ApprovalController {
  constructor(private readonly rps: RpsService) {}

  /** Submits the plan: every stage done, the evaluation's weights 100 in all, the window open. */
  @Post()
  @HttpCode(200)
  @Responds(rpsResource)
  async submit(
    @CurrentAuth() auth: AuthContext,
    @Attributes(approvalSubmitRules) input: AttributesOf<typeof approvalSubmitRules>,
  ) {
    return respond(rpsResource, await this.rps.view(auth, await this.rps.submit(auth, input.rps_id)));
  }

  /** Approves a submitted plan, or returns it for revision with a comment. */
  @Patch(':id')
  @Responds(rpsResource)
  async decide(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(approvalDecisionRules) input: AttributesOf<typeof approvalDecisionRules>,
  ) {
    return respond(rpsResource, await this.rps.view(auth, await this.rps.decide(auth, id, input)));
  }
}

/**
 * The public preview, without sign-in: the newest approved plan of a course code and curriculum
 * on the campus served at the host; drafts and plans under review are never shown (404).
 */
@Controller('api/rps-public')
@Public()
export class PublicRpsController {
  constructor(
    private readonly rps: RpsService,
    private readonly projections: Projections,
  ) {}

  private async plan(request: FastifyRequest, raw: Record<string, unknown>) {
    const { code, curriculum } = codeAndCurriculum(raw);
    const host = browserHost(request.headers);
    const campus = host ? await this.projections.campusByHost(host) : null;
    if (!campus) throw notFound(`No campus is served at ${host || 'this address'}`);
    return this.rps.approved(Number(campus.id), code, curriculum);
  }

  @Get()
  @Responds(publicRpsResource)
  async get(@Req() request: FastifyRequest, @Query() raw: Record<string, unknown>) {
    return respond(publicRpsResource, await this.plan(request, raw));
  }

  @Get('pdf')
  @DocumentOperation({ summary: 'The approved semester plan as a printable PDF', ...pdfResponse })
  async pdf(
    @Req() request: FastifyRequest,
    @Query() raw: Record<string, unknown>,
    @Res() reply: FastifyReply,
  ) {
    return sendPdf(reply, await this.plan(request, raw));
  }
}
