import { describe, expect, it } from 'vitest';
import { MAX_XML_DEPTH, scanXml } from './xml-scan.ts';

const xmlProblem = (xml: string) => scanXml(xml).problem;

const nested = (depth: number, open = '<a>', close = '</a>') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('scanXml', () => {
  it('lets well-formed XML through, declarations, comments, CDATA and self-closing tags included', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><w:document a="x > y" b=\'/\'><!-- <c> --><w:body>' +
      '<w:p><w:r><w:t xml:space="preserve">1 &lt; 2</w:t></w:r><w:br/></w:p><![CDATA[</w:body><x>]]></w:body></w:document>';
    expect(scanXml(xml)).toEqual({ elements: 6 });
    expect(xmlProblem(nested(MAX_XML_DEPTH))).toBeUndefined();
  });

  it('stops at the first level past the limit, however deep the rest goes', () => {
    expect(xmlProblem(nested(MAX_XML_DEPTH + 1))).toBe('tooDeep');
    expect(xmlProblem(nested(200_000, '<m:d><m:e>', '</m:e></m:d>'))).toBe('tooDeep');
  });

  it('is not fooled by markup inside attribute values, comments or CDATA', () => {
    // An attribute value ending in "/" does not make the tag self-closing.
    expect(xmlProblem(nested(300, '<a x="/">'))).toBe('tooDeep');
    // Closing tags inside CDATA or a comment do not lower the count.
    const hidden = `<![CDATA[${'</a>'.repeat(300)}]]><!--${'</a>'.repeat(300)}-->`;
    expect(xmlProblem(`<r>${hidden}${nested(300)}</r>`)).toBe('tooDeep');
  });

  it('refuses a DTD and tags that do not balance', () => {
    expect(xmlProblem('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>')).toBe('dtd');
    expect(xmlProblem('</a><a></a>')).toBe('malformed');
    expect(xmlProblem('<a><b>')).toBe('malformed');
    expect(xmlProblem('<a x="unterminated>')).toBe('malformed');
    expect(xmlProblem('<a><!-- never closed </a>')).toBe('malformed');
  });
});
