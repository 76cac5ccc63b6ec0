/**
 * The console's catalog and coupons (issue 33): drafts of price and plan changes, their preview,
 * publication (admin) or discarding (whoever may propose them), coupons created, limited,
 * scheduled and disabled (marketing), each change in the audit log with before and after. This
 * node re-reads its catalog after a change; the others within CATALOG_REFRESH_MS, or at once
 * when a checkout has seen the newer version.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogDraftParamsSchema,
  catalogDraftSchema,
  catalogPreviewQuerySchema,
  consoleCatalogSchema,
  consoleCatalogVersionSchema,
  consoleCouponRowSchema,
  couponCreateSchema,
  couponParamsSchema,
  couponUpdateSchema,
  noBodySchema,
  noQuerySchema,
  type ConsoleCatalog,
} from '@checkout/core/contract';
import type { Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import { couponRows, couponView, createCoupon, updateCoupon } from '../catalog/coupon-admin';
import { getPackagePlans } from '../catalog/service';
import { readCatalogRows } from '../catalog/store';
import {
  catalogVersions,
  createDraft,
  discardDraft,
  planRows,
  previewSnapshot,
  publishDraft,
  type Editor,
} from '../catalog/versions';
import { redemptionCounts } from '../carts/store';
import { audit } from './audit';
import { consoleGuard, staffOf } from './guard';

export interface CatalogConsoleDeps {
  db: Database;
  catalog: Catalog;
}

async function catalogOverview(deps: CatalogConsoleDeps): Promise<ConsoleCatalog> {
  const snapshot = deps.catalog.snapshot();
  const [rows, versions, coupons, used] = await Promise.all([
    readCatalogRows(deps.db),
    catalogVersions(deps.db),
    couponRows(deps.db),
    redemptionCounts(deps.db),
  ]);
  return {
    version: Number(snapshot.version),
    plans: planRows(snapshot, rows),
    versions,
    coupons: coupons.map((c) => couponView(c, used.get(c.code) ?? 0)),
  };
}

export function catalogRoutes(app: FastifyInstance, deps: CatalogConsoleDeps, idleMs: number) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalog } = deps;
  const guard = consoleGuard(db, idleMs);
  /** The staff member of the request, whose changes are audited as `action`. */
  const editor = (request: FastifyRequest, action: string): Editor => ({
    email: staffOf(request).email,
    record: (tx, entry) => audit(tx, staffOf(request), request.ip, { action, ...entry }),
  });

  api.get(
    '/api/console/catalog/',
    {
      schema: { querystring: noQuerySchema, response: { 200: consoleCatalogSchema } },
      preValidation: guard('catalog.read'),
    },
    async () => catalogOverview(deps),
  );

  api.post(
    '/api/console/catalog/drafts/',
    {
      schema: { body: catalogDraftSchema, response: { 200: consoleCatalogVersionSchema } },
      preValidation: guard('catalog.propose'),
    },
    async (request) => createDraft(db, request.body, editor(request, 'catalog.draft')),
  );

  api.post(
    '/api/console/catalog/drafts/:id/publish/',
    {
      schema: {
        params: catalogDraftParamsSchema,
        body: noBodySchema,
        response: { 200: consoleCatalogVersionSchema },
      },
      preValidation: guard('catalog.publish'),
    },
    async (request) => {
      const version = await publishDraft(db, request.params.id, editor(request, 'catalog.publish'));
      await catalog.reload();
      return version;
    },
  );

  api.post(
    '/api/console/catalog/drafts/:id/discard/',
    {
      schema: { params: catalogDraftParamsSchema, body: noBodySchema },
      preValidation: guard('catalog.propose'),
    },
    async (request, reply) => {
      await discardDraft(db, request.params.id, editor(request, 'catalog.discard'));
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/console/catalog/preview/',
    { schema: { querystring: catalogPreviewQuerySchema }, preValidation: guard('catalog.read') },
    async (request) => {
      const { token, packageId, currency } = request.query;
      return getPackagePlans(await previewSnapshot(db, token), {
        packageId,
        currencyCode: currency,
      });
    },
  );

  api.post(
    '/api/console/coupons/',
    {
      schema: { body: couponCreateSchema, response: { 200: consoleCouponRowSchema } },
      preValidation: guard('coupons.manage'),
    },
    async (request) => {
      const by = editor(request, 'coupon.create');
      const row = await createCoupon(db, catalog.snapshot(), request.body, by);
      await catalog.reload();
      return couponView(row, 0);
    },
  );

  api.post(
    '/api/console/coupons/:code/',
    {
      schema: {
        params: couponParamsSchema,
        body: couponUpdateSchema,
        response: { 200: consoleCouponRowSchema },
      },
      preValidation: guard('coupons.manage'),
    },
    async (request) => {
      const { code } = request.params;
      const used = (await redemptionCounts(db, code)).get(code) ?? 0;
      const by = editor(request, 'coupon.update');
      const after = await updateCoupon(db, code, request.body, by, used);
      await catalog.reload();
      return couponView(after, used);
    },
  );
}
