import { JSON_API_COMPONENTS, type OpenApiDocument } from '@lms/platform';
import { mergeDocuments } from './merge';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const answering = (schema: string) => ({
  responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref(schema) } } } },
});
const document = (
  paths: OpenApiDocument['paths'],
  schemas: Record<string, Record<string, unknown>> = {},
): OpenApiDocument => ({
  openapi: '3.0.3',
  info: { title: 'x', version: '0.1.0' },
  paths,
  components: { schemas: { ...JSON_API_COMPONENTS, ...schemas }, securitySchemes: {} },
});
const user = (attribute: string) => ({
  type: 'object',
  properties: { attributes: { properties: { [attribute]: { type: 'string' } } } },
});

describe('mergeDocuments', () => {
  it('takes each service’s routed paths and the schemas they use', () => {
    const merged = mergeDocuments(document({}), [
      {
        name: 'identity',
        document: document(
          {
            '/api/login/me': { get: answering('User') },
            '/internal/auth/login': { post: answering('User') },
          },
          { User: user('username') },
        ),
      },
    ]);
    expect(Object.keys(merged.paths)).toEqual(['/api/login/me']);
    expect(merged.paths['/api/login/me'].get.operationId).toBe('identity_get_/api/login/me');
    expect(merged.components.schemas.User).toEqual(user('username'));
    expect(merged.components.schemas.Errors).toEqual(JSON_API_COMPONENTS.Errors);
  });

  it('keeps one copy of a schema two services share and renames one that differs', () => {
    const merged = mergeDocuments(document({}), [
      {
        name: 'identity',
        document: document({ '/api/login/me': { get: answering('User') } }, { User: user('username') }),
      },
      {
        name: 'course',
        document: document(
          {
            '/api/course/courses': { get: answering('User') },
            '/api/course/modules': { get: answering('Errors') },
          },
          { User: user('nim') },
        ),
      },
    ]);
    expect(merged.components.schemas.User).toEqual(user('username'));
    expect(merged.components.schemas['course.User']).toEqual(user('nim'));
    expect(merged.paths['/api/login/me'].get.responses['200']).toEqual(answering('User').responses['200']);
    expect(merged.paths['/api/course/courses'].get.responses['200']).toEqual(
      answering('course.User').responses['200'],
    );
    expect(merged.paths['/api/course/modules'].get.responses['200']).toEqual(
      answering('Errors').responses['200'],
    );
  });
});
