import type { KeyCountry } from '../../src/rails/countries';
import type { KeyDirectoryService } from './key-directory.service';
import type { MoneyMovementService } from './money-movement.service';
import type { Route } from './route';
import { brazilRoutes } from './routes/brazil.routes';
import { colombiaRoutes } from './routes/colombia.routes';
import { peruRoutes } from './routes/peru.routes';

/** One key country's rail as the simulator plays it: its directory and money movements, in its wire format. */
export type SimulatedKeyRail = (directory: KeyDirectoryService, movements: MoneyMovementService) => Route[];

/**
 * The simulator's side of the registry (src/rails/countries.ts): each key country's routes. The
 * product's descriptors carry no simulator code, so the production image ships none; typed by the
 * registry's key countries, a key country the simulator does not play does not compile.
 */
export const SIMULATED_KEY_RAILS: { readonly [C in KeyCountry]: SimulatedKeyRail } = {
  BR: brazilRoutes,
  PE: peruRoutes,
  CO: colombiaRoutes,
};
