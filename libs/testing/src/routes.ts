import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { type INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';

export interface AppRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as Nest declares it, with its `:params` (`/api/course/courses/:id`). */
  path: string;
}

const METHODS: Partial<Record<RequestMethod, AppRoute['method']>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

const paths = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value ?? '/']).map((path: string) => path.replace(/^\/+|\/+$/g, ''));

/** Every route of a Nest application's controllers, read from Nest's own metadata. */
export function listRoutes(app: INestApplication): AppRoute[] {
  const routes = new Map<string, AppRoute>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!controller) continue;
      const prefixes = paths(Reflect.getMetadata(PATH_METADATA, controller));
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler: unknown = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const own: unknown = Reflect.getMetadata(PATH_METADATA, handler);
        if (!method || own === undefined) continue;
        for (const prefix of prefixes) {
          for (const path of paths(own)) {
            const full = `/${[prefix, path].filter(Boolean).join('/')}`;
            routes.set(`${method} ${full}`, { method, path: full });
          }
        }
      }
    }
  }
  return [...routes.values()];
}
