import { ClientsService } from '../auth/clients.service';
import { secretBoxOf } from '../auth/secret-box';
import { Command, CommandFailure, parseCommandArgs } from './command';

/**
 * The last step of a SECRETS_KEY rotation (docs/security.md): every webhook secret sealed with a
 * key of SECRETS_KEY_PREVIOUS (or before key ids) is rewritten with SECRETS_KEY; once it reports
 * none skipped, the old key can leave SECRETS_KEY_PREVIOUS.
 */
export const secretsReseal: Command = {
  usage: 'secrets:reseal [--json]',
  async run({ dataSource, env, args, out }) {
    const { json } = parseCommandArgs(args, { json: { type: 'boolean' } });
    const { resealed, skipped } = await new ClientsService(dataSource, secretBoxOf(env)).resealSecrets();
    out(json ? JSON.stringify({ resealed, skipped }) : `resealed=${resealed}\nskipped=${skipped}`);
    if (skipped > 0) throw new CommandFailure(`${skipped} client(s) changed while resealing: run secrets:reseal again`);
  },
};
