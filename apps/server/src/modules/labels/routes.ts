import { ZLabelSheetBody } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayIn } from '#server/lib/clock.ts';
import { holdTurnUntilAnswered } from '#server/lib/heavy-work.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { readerLanguage } from '../users/index.ts';
import { makeLabelSheet } from './service.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** /api/labels: QR label sheets of the organization's assets or locations, as PDF. */
export async function labelRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/',
    {
      schema: {
        tags: ['labels'],
        body: ZLabelSheetBody,
        description:
          'A PDF of QR labels for the selected assets (assetIds, in that order), all that the search finds (newest first), those an import created (importId, in file order, 5,000 a part), or locations’ own labels: the selected locations (locationIds, in that order) or a location and every location inside it (locationTree, in tree order); at most 5,000, on the chosen label layout from startPosition on the first sheet. A few sheets are made at a time: a request past its organization share gets 429, one the server has no room for 503, both with Retry-After.',
      },
      // A label sheet reads: it leaves no write position behind (ADR 141).
      config: { writesNothing: true },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const language = readerLanguage(user);
      // A sheet of 5,000 labels takes seconds of a core and a hundred MB: a few at a time (ADR 089).
      await holdTurnUntilAnswered(app.heavyWork, user.organizationId, reply);
      const pdf = await makeLabelSheet(
        // The replica's, when it may answer this request (ADR 141).
        app.readDb(request),
        {
          organizationId: user.organizationId,
          today: todayIn(app.clock, user.timeZone),
          publicBaseUrl: app.config.publicBaseUrl,
          storage: app.storage,
          language,
          onLogoError: (error) =>
            request.log.warn({ err: error }, 'labels made without the logo: it could not be read'),
        },
        request.body,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="labels-${today()}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );
}
