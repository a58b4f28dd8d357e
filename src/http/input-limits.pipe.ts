import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ApiError } from './api-error';
import { inputLimitProblems } from './input-limits';

/**
 * Global, before the zod pipe: every body and query of every route is held to
 * inputLimitProblems, so no schema has to repeat the rule field by field. Path parameters are
 * left to their routes, which answer anything but a well-formed id as "not found".
 */
@Injectable()
export class InputLimitsPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' && metadata.type !== 'query') return value;
    const problems = inputLimitProblems(metadata.data ? { [metadata.data]: value } : value);
    if (problems.length > 0) throw new ApiError(400, problems);
    return value;
  }
}
