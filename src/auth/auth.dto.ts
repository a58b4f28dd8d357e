import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export const refreshRequestSchema = z.strictObject({
  refreshToken: z.string().min(1).max(200),
});
export class RefreshRequestDto extends createZodDto(refreshRequestSchema) {}

export const tokenResponseSchema = z.object({
  expiresIn: z.string().describe('Lifetime of the access token in seconds, as a string: "3600"'),
  accessToken: z.string(),
  refreshToken: z.string(),
});
export class TokenResponseDto extends createZodDto(tokenResponseSchema) {}
