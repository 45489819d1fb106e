import { readFileSync } from 'node:fs';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';

/** Schema errors of `xml` against the XSD file at `xsd` (empty when valid): the bank files' tests. */
export function schemaErrors(xsd: URL, xml: string): string[] {
  const schemaDoc = XmlDocument.fromBuffer(readFileSync(xsd));
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
