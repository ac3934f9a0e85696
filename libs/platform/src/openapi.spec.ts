import { Controller, Get, Module, Param, Post, Query } from '@nestjs/common';
import { defineResource, PAGE_META, type ResourceType, Responds, toMany, toOne, z } from '@lms/jsonapi';
import { describeModule, DocumentOperation, type JsonSchema } from './openapi';

interface Module_ {
  id: number;
  name: string;
  course?: Course_;
}
interface Course_ {
  id: number;
  name: string;
  startAt: Date | null;
  modules?: Module_[];
}

const moduleResource = defineResource({
  name: 'Module',
  type: 'modules',
  schema: { name: z.string() },
  attributes: (module: Module_) => ({ name: module.name }),
  relationships: {
    course: toOne(
      () => courseResource,
      (module: Module_) => module.course,
    ),
  },
});
const courseResource: ResourceType<Course_> = defineResource({
  name: 'Course',
  type: 'courses',
  schema: { name: z.string(), start_at: z.date().nullable() },
  attributes: (course: Course_) => ({ name: course.name, start_at: course.startAt }),
  relationships: {
    modules: toMany(
      () => moduleResource,
      (course: Course_) => course.modules,
    ),
  },
});
const otherCourseResource = defineResource({
  name: 'Course',
  type: 'courses',
  schema: { name: z.string() },
  attributes: (course: Course_) => ({ name: course.name }),
});

@Controller('api/courses')
class CoursesController {
  @Get()
  @Responds(courseResource, { list: true, meta: PAGE_META })
  list() {}

  @Get(':id')
  @Responds(courseResource, { nullable: true })
  get() {}

  @Post('ping')
  ping() {}
}

@Controller('api/other')
class OtherController {
  @Get()
  @Responds(otherCourseResource)
  get() {}
}

@Controller('api/exports')
class ExportsController {
  @Get(':id')
  @DocumentOperation({
    summary: 'An export',
    parameters: [{ name: 'format', in: 'query', required: false, schema: { type: 'string' } }],
  })
  get(@Param('id') id: string, @Query('format') format: string) {
    return { id, format };
  }
}

@Module({ controllers: [ExportsController] })
class ExportsModule {}

@Module({ controllers: [CoursesController] })
class CoursesModule {}

@Module({ controllers: [CoursesController, OtherController] })
class ClashingModule {}

type Content = { content: Record<string, { schema: JsonSchema }> };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('describeModule', () => {
  it('documents a @Responds handler as its resource document, with what it can include and its meta', async () => {
    const document = await describeModule({ module: CoursesModule }, { title: 'test' });
    const list = document.paths['/api/courses'].get.responses['200'] as Content;
    expect(list.content['application/vnd.api+json'].schema).toEqual({
      type: 'object',
      required: ['data', 'meta'],
      properties: {
        data: { type: 'array', items: ref('Course') },
        // Modules, and courses again through a module's course.
        included: expect.objectContaining({
          type: 'array',
          items: { oneOf: [ref('Module'), ref('Course')] },
        }),
        meta: {
          type: 'object',
          properties: { total: { type: 'integer' }, limit: { type: 'integer' }, offset: { type: 'integer' } },
          required: ['total', 'limit', 'offset'],
          additionalProperties: false,
        },
      },
    });
    const one = document.paths['/api/courses/{id}'].get.responses['200'] as Content;
    expect(one.content['application/json'].schema.properties).toMatchObject({
      data: { nullable: true, allOf: [ref('Course')] },
    });
    const ping = document.paths['/api/courses/ping'].post.responses['201'] as Content;
    expect(ping.content['application/json'].schema).toEqual(ref('Document'));
  });

  it('adds each resource reached as a component schema: attributes and relationship linkage', async () => {
    const { components } = await describeModule({ module: CoursesModule }, { title: 'test' });
    expect(components.schemas.Course).toEqual({
      type: 'object',
      required: ['type', 'id', 'attributes'],
      properties: {
        type: { type: 'string', enum: ['courses'] },
        id: { type: 'string' },
        attributes: expect.objectContaining({
          properties: {
            name: { type: 'string' },
            start_at: expect.objectContaining({
              type: 'string',
              nullable: true,
              pattern: expect.any(String),
            }),
          },
        }),
        relationships: expect.objectContaining({
          properties: {
            modules: {
              type: 'object',
              required: ['data'],
              properties: {
                data: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['type', 'id'],
                    properties: { type: { type: 'string', enum: ['modules'] }, id: { type: 'string' } },
                  },
                },
              },
            },
          },
        }),
      },
    });
    expect(components.schemas.Module).toMatchObject({
      properties: {
        relationships: { properties: { course: { properties: { data: { nullable: true } } } } },
      },
    });
  });

  it('adds the parameters of @DocumentOperation to the generated ones (the path id stays)', async () => {
    const document = await describeModule({ module: ExportsModule }, { title: 'test' });
    const operation = document.paths['/api/exports/{id}'].get;
    expect(operation.summary).toBe('An export');
    expect(
      operation.parameters?.map((parameter) => `${String(parameter.in)} ${String(parameter.name)}`),
    ).toEqual(['path id', 'query format']);
  });

  it('refuses two different resources of the same name', async () => {
    await expect(describeModule({ module: ClashingModule }, { title: 'test' })).rejects.toThrow(
      'Two resources are named Course (types courses and courses)',
    );
  });
});
