import type { z } from 'zod';

/** One message per problem, each naming its field, as docs/decisions.md promises of every 400. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => {
    const field = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${field ? `${field}.` : ''}${key}: unknown field`);
    }
    return [`${field || 'body'}: ${issue.message}`];
  });
}
