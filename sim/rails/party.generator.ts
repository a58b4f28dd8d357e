import type { DeterministicSource } from './deterministic-source';

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Camila',
  'Diego',
  'Elena',
  'Felipe',
  'Gabriela',
  'Hugo',
  'Isabela',
  'Juan',
  'Lucia',
  'Mateo',
  'Natalia',
  'Pedro',
  'Renata',
  'Sofia',
  'Tomas',
  'Valentina',
] as const;

const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Pereira',
  'Gomez',
  'Rodriguez',
  'Lopez',
  'Martinez',
  'Garcia',
  'Torres',
  'Flores',
  'Rojas',
  'Vargas',
  'Castillo',
  'Mendoza',
] as const;

const TRADES = ['Comercio', 'Servicios', 'Distribuidora', 'Alimentos', 'Tecnologia'] as const;

const COMPANY_SUFFIX: Readonly<Record<string, string>> = {
  BR: 'Ltda',
  PE: 'S.A.C.',
  CO: 'S.A.S.',
};

export function personName(source: DeterministicSource): string {
  return `${source.pick(FIRST_NAMES)} ${source.pick(LAST_NAMES)} ${source.pick(LAST_NAMES)}`;
}

export function companyName(country: string, source: DeterministicSource): string {
  return `${source.pick(LAST_NAMES)} ${source.pick(TRADES)} ${COMPANY_SUFFIX[country] ?? 'S.A.'}`;
}

/** Picks `count` distinct items, in a deterministic order. */
export function pickDistinct<T>(items: readonly T[], count: number, source: DeterministicSource): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    picked.push(...pool.splice(source.int(pool.length), 1));
  }
  return picked;
}
