import { API_MESSAGES, UploadResponseSchema } from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer } from '../../plugins/auth.js';
import { badRequest } from '../../plugins/errors.js';
import { readMultipartForm } from '../../plugins/multipart.js';
import { abuseLimit } from '../../plugins/rate-limit.js';

export function uploadRoutes(app: AppInstance, { images, config }: AppDeps) {
  app.post(
    '/uploads',
    {
      config: { access: 'signed-in', ...abuseLimit(config.limits, 'uploadsPerMinute') },
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image (multipart field `image`): re-encoded to WebP, metadata stripped',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 201: UploadResponseSchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request);
      const image = form.files.image;
      if (!image) throw badRequest(API_MESSAGES.imageMissing, { image: [API_MESSAGES.imageMissing] });
      const stored = await images.save(image);
      return reply.code(201).send({ url: stored.url, width: stored.width, height: stored.height });
    },
  );
}
