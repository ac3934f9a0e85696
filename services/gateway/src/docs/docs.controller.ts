import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { buildOpenApiDocument, DocumentOperation, type OpenApiDocument } from '@lms/platform';
import { GatewayConfig } from '../config';
import { mergeDocuments } from './merge';

/** The readable page: swagger-ui from the `swagger-ui-dist` package, served by the gateway (no CDN). */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>LMS API</title>
    <link rel="stylesheet" href="/api/docs/ui/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/ui/swagger-ui-bundle.js"></script>
    <script src="/api/docs/ui/init.js"></script>
  </body>
</html>
`;
/** A file of its own: the gateway's Content-Security-Policy allows no inline script. */
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs', dom_id: '#swagger-ui', deepLinking: true });\n`;
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/**
 * `GET /api/docs`: one OpenAPI document for the whole API — the gateway's own operations and
 * each deployed service's document (`GET <service>/openapi.json`), restricted to the paths the
 * routing table sends to that service. `GET /api/docs/ui`: the same, readable.
 */
@Controller('api/docs')
export class DocsController {
  private readonly ui = dirname(require.resolve('swagger-ui-dist/package.json'));

  constructor(
    private readonly config: GatewayConfig,
    private readonly modules: ModulesContainer,
  ) {}

  @Get()
  @DocumentOperation({ security: [], summary: 'This OpenAPI document: every service merged' })
  async document(): Promise<OpenApiDocument> {
    const own = buildOpenApiDocument(this.modules, { title: 'gateway' });
    const services = await Promise.all(
      Object.entries(this.config.services).map(async ([name, url]) => ({
        name,
        document: await fetchDocument(`${url}/openapi.json`),
      })),
    );
    return mergeDocuments(own, services);
  }

  @Get('ui')
  @Header('content-type', 'text/html; charset=utf-8')
  @DocumentOperation({
    security: [],
    summary: 'The API documentation as a page',
    responses: {
      '200': { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
    },
  })
  page(): string {
    return PAGE;
  }

  @Get('ui/:file')
  @DocumentOperation({
    security: [],
    summary: 'A file of the documentation page',
    responses: {
      '200': {
        description: 'CSS or JavaScript',
        content: { 'text/javascript': { schema: { type: 'string' } } },
      },
    },
  })
  async asset(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    if (file === 'init.js') {
      await reply.header('content-type', 'text/javascript; charset=utf-8').send(INIT);
      return;
    }
    if (!Object.hasOwn(ASSETS, file)) throw new NotFoundException(`No file ${file}`);
    const body = await readFile(join(this.ui, file));
    await reply
      .header('content-type', ASSETS[file])
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  }
}

/** A service's document, or undefined when it does not answer (its paths are then missing, said in the merge). */
async function fetchDocument(url: string): Promise<OpenApiDocument | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return undefined;
    return (await response.json()) as OpenApiDocument;
  } catch {
    return undefined;
  }
}
