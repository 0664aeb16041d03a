import { RequestMethod, type Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { z } from 'zod';
import * as contracts from '@ai-mind/contracts';
import { api, apiRoutes, type ApiRoute } from '@ai-mind/contracts';
import { apiRouteSchemas, routesWithSchemas } from '@ai-mind/contracts/route-schemas';
import { createApiApp } from '../src/app/create-api-app.js';
import { ZodValidationPipe } from '../src/common/zod-validation.pipe.js';
import { LoginBodyGuard } from '../src/modules/auth/login-body.guard.js';
import { FEED_ROOT_PATHS } from '../src/modules/pages/index.js';
import { testConfig } from './support/test-config.js';

/** Declared routes that no controller serves: Bull Board's pages, which it registers on Fastify itself. */
const NOT_SERVED_BY_A_CONTROLLER: ApiRoute[] = [api.admin.queueDashboard];

/**
 * Declared routes whose body a guard validates, before the handler: sign-in's must be valid before
 * passport reads it (guards run before pipes). The guard's schema is checked against the declaration below.
 */
const BODY_VALIDATED_BY_A_GUARD = new Map<ApiRoute, Type>([[api.admin.signIn, LoginBodyGuard]]);

type Part = 'query' | 'body';
const PART_OF_PARAM: Partial<Record<string, Part>> = { [RouteParamtypes.QUERY]: 'query', [RouteParamtypes.BODY]: 'body' };

/** A controller method that serves a route, with the schemas its ZodValidationPipes validate the query and body with. */
interface Handler {
  name: string;
  guards: unknown[];
  schemas: Record<Part, z.ZodType[]>;
}

/** Each handler of the app's controllers under its `METHOD /api/path`, read from the metadata Nest routes by. */
function controllerHandlers(app: NestFastifyApplication): Map<string, Handler[]> {
  const handlers = new Map<string, Handler[]>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype: controller } of module.controllers.values()) {
      if (!controller) continue;
      const controllerPaths = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[]].flat();
      for (let prototype = controller.prototype as object; prototype !== Object.prototype; prototype = Object.getPrototypeOf(prototype) as object) {
        for (const methodName of Object.getOwnPropertyNames(prototype)) {
          const method = (prototype as Record<string, unknown>)[methodName];
          if (methodName === 'constructor' || typeof method !== 'function') continue;
          const methodPaths = Reflect.getMetadata(PATH_METADATA, method) as string | string[] | undefined;
          if (methodPaths === undefined) continue;
          const verb = RequestMethod[Reflect.getMetadata(METHOD_METADATA, method) as RequestMethod];
          const handler: Handler = {
            name: `${controller.name}.${methodName}`,
            guards: [
              ...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[]) ?? []),
              ...((Reflect.getMetadata(GUARDS_METADATA, method) as unknown[]) ?? []),
            ],
            schemas: validatedSchemas(controller, methodName),
          };
          for (const controllerPath of controllerPaths) {
            for (const methodPath of [methodPaths].flat()) {
              const routePath = [controllerPath, methodPath]
                .flatMap((part) => part.split('/'))
                .filter(Boolean)
                .join('/');
              // As the app's global prefix: every route under /api but the SEO files, served at the site root.
              const path = verb === 'GET' && FEED_ROOT_PATHS.includes(routePath) ? `/${routePath}` : `/api/${routePath}`;
              handlers.set(`${verb} ${path}`, [...(handlers.get(`${verb} ${path}`) ?? []), handler]);
            }
          }
        }
      }
    }
  }
  return handlers;
}

/** The schemas of the ZodValidationPipes on a handler's @Query and @Body parameters (one on a single field too: it is no match). */
function validatedSchemas(controller: object, methodName: string): Record<Part, z.ZodType[]> {
  const schemas: Record<Part, z.ZodType[]> = { query: [], body: [] };
  const params = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {}) as Record<string, { pipes: unknown[] }>;
  for (const [key, { pipes }] of Object.entries(params)) {
    const part = PART_OF_PARAM[key.split(':')[0]!];
    if (!part) continue;
    for (const pipe of pipes) if (pipe instanceof ZodValidationPipe) schemas[part].push(pipe.schema);
  }
  return schemas;
}

/** The name @ai-mind/contracts exports a schema under, for a readable failure. */
function schemaName(schema: unknown): string {
  return Object.entries(contracts).find(([, value]) => value === schema)?.[0] ?? 'a schema @ai-mind/contracts does not export';
}

/**
 * The contract (`api` of @ai-mind/contracts) declares what each route takes as zod schemas, by type;
 * the schemas themselves are in `apiRouteSchemas` (@ai-mind/contracts/route-schemas). Each handler of
 * a declared route validates its query and body with the very schemas the contract declares, and with
 * none the contract does not declare: an app sending what the contract says is then what the API
 * accepts, and a handler validating with another schema fails here rather than with a 400 in a browser.
 */
describe('the schemas of the API contract', () => {
  let app: NestFastifyApplication;
  let handlers: Map<string, Handler[]>;

  beforeAll(async () => {
    app = await createApiApp(testConfig());
    handlers = controllerHandlers(app);
  });
  afterAll(() => app.close());

  const key = (route: ApiRoute) => `${route.method} ${route.path}`;

  it('finds the one controller method that serves each declared route', () => {
    const registered = new Set(
      app
        .getHttpAdapter()
        .getInstance()
        .registeredRoutes.map((route) => `${route.method} ${route.url}`),
    );
    const found = apiRoutes()
      .filter((route) => !NOT_SERVED_BY_A_CONTROLLER.includes(route))
      .map((route) => ({ route: key(route), handlers: (handlers.get(key(route)) ?? []).length }))
      .filter(({ handlers }) => handlers !== 1);
    expect(found).toEqual([]);
    // Each path put together from the controllers' metadata is a route Fastify serves, so none is missed by a wrong join.
    expect([...handlers.keys()].filter((route) => !registered.has(route))).toEqual([]);
    expect(NOT_SERVED_BY_A_CONTROLLER.filter((route) => handlers.has(key(route)))).toEqual([]);
  });

  it("validates each declared route's query and body with the very schemas the contract declares, and no other", () => {
    const mismatches = routesWithSchemas().flatMap((declared) => {
      const handler = handlers.get(key(declared.route))?.[0];
      if (!handler) return [];
      return (['query', 'body'] as const).flatMap((part) => {
        const validated = handler.schemas[part];
        const schema = declared[part];
        if (!schema)
          return validated.length === 0
            ? []
            : [
                `${key(declared.route)}: ${handler.name} validates the ${part} with ${validated.map(schemaName).join(', ')}; the contract declares no ${part} schema`,
              ];
        if (validated.length === 0 && part === 'body' && BODY_VALIDATED_BY_A_GUARD.has(declared.route)) return [];
        if (validated.length === 1 && validated[0] === schema) return [];
        return [
          `${key(declared.route)}: the contract declares the ${part} as ${schemaName(schema)}; ${handler.name} validates it with ${validated.map(schemaName).join(', ') || 'nothing'}`,
        ];
      });
    });
    expect(mismatches).toEqual([]);
  });

  it('validates the sign-in body in its guard, with the schema the contract declares', () => {
    for (const [route, guard] of BODY_VALIDATED_BY_A_GUARD) {
      expect(handlers.get(key(route))?.[0]?.guards).toContain(guard);
    }
    expect(LoginBodyGuard.schema).toBe(apiRouteSchemas.admin.signIn.body);
  });
});
