import { schemaErrors as against } from '@kassa/test-stack/xsd';
import type { PainFormat } from '../pain008';

/** Schema errors of `xml` against the official XSD kept in ../xsd (empty when valid). Used by the tests only. */
export const schemaErrors = (format: PainFormat, xml: string): string[] => against(new URL(`../xsd/${format}.xsd`, import.meta.url), xml);
