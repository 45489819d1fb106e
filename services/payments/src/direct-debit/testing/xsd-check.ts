import { readFileSync } from 'node:fs';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';
import type { PainFormat } from '../pain008';

/** Schema errors of `xml` against the official XSD kept in ../xsd (empty when valid). Used by the tests only. */
export function schemaErrors(format: PainFormat, xml: string): string[] {
  const schemaDoc = XmlDocument.fromBuffer(readFileSync(new URL(`../xsd/${format}.xsd`, import.meta.url)));
  const validator = XsdValidator.fromDoc(schemaDoc);
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (err) {
    const details = (err as { details?: { message: string }[] }).details;
    return details?.map((d) => d.message) ?? [String(err)];
  } finally {
    doc.dispose();
    validator.dispose();
    schemaDoc.dispose();
  }
}
