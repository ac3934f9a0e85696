/**
 * IMS QTI 2.1 packages (what Moodle, Canvas and most item banks exchange): a zip with
 * `imsmanifest.xml` (IMS Content Packaging 1.1) and one `assessmentItem` per question.
 *
 * | type                           | QTI 2.1                                                          |
 * | ------------------------------ | ---------------------------------------------------------------- |
 * | multiple_choices               | choiceInteraction maxChoices=1, identifier single, mapping       |
 * | multiple_answers               | choiceInteraction maxChoices=0, identifier multiple, mapping     |
 * | true_false                     | choiceInteraction maxChoices=1 with True/False (class lms-true_false) |
 * | essay                          | extendedTextInteraction, the solution as modalFeedback           |
 * | exact (number)                 | textEntryInteraction, float, equal/roundTo with absolute tolerance |
 * | exact (text)                   | textEntryInteraction, string, case-insensitive mapping           |
 * | parameterized(_multiple_choices) | not mapped: their values come from a dataset; reported         |
 *
 * Option points are the mapping's values, the question's weight is MAXSCORE, tags are the
 * manifest's LOM keywords. Importing reads the same shapes (and plain choice, text-entry and
 * extended-text items of other tools); what it cannot read is reported with the item.
 */
import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';
import { isNumericAnswer, PARAMETERIZED_TYPES, type QuestionType } from '../domain/question-rules';
import {
  buildQuestion,
  MAX_IMPORTED_QUESTIONS,
  type ImportedQuestion,
  type ImportProblem,
  type ImportResult,
} from './imported-question';

/** A question as exported (its number in the package is for the report). */
export interface QtiQuestion extends ImportedQuestion {
  index: number;
}

export interface QtiExport {
  zip: Buffer;
  exported: number;
  /** Questions left out, with why. */
  skipped: Array<{ index: number; reason: string }>;
}

const QTI_NS = 'http://www.imsglobal.org/xsd/imsqti_v2p1';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MAX_PACKAGE_BYTES = 50 * 1024 * 1024;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const VOID_ELEMENTS = 'br|hr|img|input|col|wbr';
const NAMED_ENTITIES: Record<string, string> = {
  nbsp: '#160',
  copy: '#169',
  reg: '#174',
  deg: '#176',
  hellip: '#8230',
};

/** The editor's HTML as XHTML inside a QTI item: void elements closed, named entities numeric. */
export function htmlToXhtml(html: string): string {
  return html
    .replace(
      new RegExp(`<(${VOID_ELEMENTS})\\b([^>]*?)\\s*/?>`, 'gi'),
      (_m, tag: string, attrs: string) => `<${tag}${attrs}/>`,
    )
    .replace(/&([a-z]+);/gi, (whole, name: string) =>
      ['amp', 'lt', 'gt', 'quot', 'apos'].includes(name)
        ? whole
        : NAMED_ENTITIES[name]
          ? `&${NAMED_ENTITIES[name]};`
          : whole,
    );
}

/** XHTML of an item back to the editor's HTML. */
export function xhtmlToHtml(xhtml: string): string {
  return xhtml
    .replace(
      new RegExp(`<(${VOID_ELEMENTS})\\b([^>]*?)\\s*/>`, 'gi'),
      (_m, tag: string, attrs: string) => `<${tag}${attrs}>`,
    )
    .replace(/\s+xmlns(:\w+)?="[^"]*"/g, '')
    .trim();
}

function number(value: number): string {
  return String(value);
}

function itemXml(question: QtiQuestion, identifier: string): string {
  const type = question.questions_type;
  const maxScore = `<outcomeDeclaration identifier="MAXSCORE" cardinality="single" baseType="float"><defaultValue><value>${number(question.weight)}</value></defaultValue></outcomeDeclaration>`;
  const score =
    '<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"><defaultValue><value>0</value></defaultValue></outcomeDeclaration>';
  const feedback = question.solution
    ? '<outcomeDeclaration identifier="FEEDBACK" cardinality="single" baseType="identifier"/>'
    : '';
  const text = `<div class="lms-question">${htmlToXhtml(question.question)}</div>`;
  const solution = question.solution
    ? `<modalFeedback outcomeIdentifier="FEEDBACK" identifier="SOLUTION" showHide="show"><div class="lms-solution">${htmlToXhtml(question.solution)}</div></modalFeedback>`
    : '';
  const showSolution = question.solution
    ? '<setOutcomeValue identifier="FEEDBACK"><baseValue baseType="identifier">SOLUTION</baseValue></setOutcomeValue>'
    : '';
  let declaration: string;
  let interaction: string;
  let processing: string;
  if (type === 'essay') {
    declaration = '<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"/>';
    interaction = '<extendedTextInteraction responseIdentifier="RESPONSE" expectedLines="10"/>';
    processing = showSolution
      ? `<responseProcessing><responseCondition><responseIf><isNull><variable identifier="FEEDBACK"/></isNull>${showSolution}</responseIf></responseCondition></responseProcessing>`
      : '';
  } else if (type === 'exact') {
    const numeric = question.answers.every((option) => isNumericAnswer(option.exact_answer ?? ''));
    const first = question.answers[0];
    if (numeric) {
      declaration =
        `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="float">` +
        `<correctResponse><value>${escapeXml(first.exact_answer ?? '')}</value></correctResponse></responseDeclaration>`;
      const tests = question.answers
        .map(
          (option) =>
            `<equal toleranceMode="absolute" tolerance="${number(option.tolerance)} ${number(option.tolerance)}">` +
            `<roundTo roundingMode="decimalPlaces" figures="${option.decimal_place}"><variable identifier="RESPONSE"/></roundTo>` +
            `<baseValue baseType="float">${escapeXml(option.exact_answer ?? '')}</baseValue></equal>`,
        )
        .join('');
      processing =
        `<responseProcessing><responseCondition><responseIf><or>${tests}</or>` +
        `<setOutcomeValue identifier="SCORE"><variable identifier="MAXSCORE"/></setOutcomeValue>${showSolution}</responseIf></responseCondition></responseProcessing>`;
    } else {
      declaration =
        `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string">` +
        `<correctResponse><value>${escapeXml(first.exact_answer ?? '')}</value></correctResponse>` +
        `<mapping defaultValue="0">${question.answers
          .map(
            (option) =>
              `<mapEntry mapKey="${escapeXml(option.exact_answer ?? '')}" mappedValue="${number(option.point)}" caseSensitive="false"/>`,
          )
          .join('')}</mapping></responseDeclaration>`;
      processing = `<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/map_response"/>`;
    }
    interaction = '<p><textEntryInteraction responseIdentifier="RESPONSE" expectedLength="20"/></p>';
  } else {
    const single = type !== 'multiple_answers';
    const correct = question.answers
      .map((option, n) => (option.point > 0 ? `<value>${LETTERS[n]}</value>` : ''))
      .join('');
    declaration =
      `<responseDeclaration identifier="RESPONSE" cardinality="${single ? 'single' : 'multiple'}" baseType="identifier">` +
      `<correctResponse>${correct}</correctResponse>` +
      `<mapping defaultValue="0">${question.answers
        .map((option, n) => `<mapEntry mapKey="${LETTERS[n]}" mappedValue="${number(option.point)}"/>`)
        .join('')}</mapping></responseDeclaration>`;
    const choices = question.answers
      .map(
        (option, n) =>
          `<simpleChoice identifier="${LETTERS[n]}">${htmlToXhtml(option.answer ?? '')}</simpleChoice>`,
      )
      .join('');
    interaction = `<choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="${single ? 1 : 0}" class="lms-${type}">${choices}</choiceInteraction>`;
    processing = `<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/map_response"/>`;
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<assessmentItem xmlns="${QTI_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${QTI_NS} http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd" ` +
    `identifier="${identifier}" title="Question ${question.index}" adaptive="false" timeDependent="false">` +
    declaration +
    score +
    maxScore +
    feedback +
    `<itemBody>${text}${interaction}</itemBody>` +
    processing +
    solution +
    '</assessmentItem>'
  );
}

function manifestXml(
  items: Array<{ identifier: string; href: string; tags: string[] }>,
  title: string,
): string {
  const resources = items
    .map(
      (item) =>
        `<resource identifier="${item.identifier}" type="imsqti_item_xmlv2p1" href="${item.href}">` +
        (item.tags.length
          ? `<metadata><imsmd:lom><imsmd:general>${item.tags
              .map((tag) => `<imsmd:keyword><imsmd:string>${escapeXml(tag)}</imsmd:string></imsmd:keyword>`)
              .join('')}</imsmd:general></imsmd:lom></metadata>`
          : '') +
        `<file href="${item.href}"/></resource>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:imsmd="http://ltsc.ieee.org/xsd/LOM" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" identifier="lms-exam-package" ' +
    'xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/qtiv2p1_imscpv1p2_v1p0.xsd">' +
    `<metadata><schema>QTIv2.1 Package</schema><schemaversion>1.0.0</schemaversion><imsmd:lom><imsmd:general><imsmd:title><imsmd:string>${escapeXml(title)}</imsmd:string></imsmd:title></imsmd:general></imsmd:lom></metadata>` +
    `<organizations/><resources>${resources}</resources></manifest>`
  );
}

/** The package's questions as a QTI 2.1 zip; parameterized ones are left out and reported. */
export async function exportQti(questions: readonly QtiQuestion[], title: string): Promise<QtiExport> {
  const zip = new JSZip();
  const skipped: QtiExport['skipped'] = [];
  const items: Array<{ identifier: string; href: string; tags: string[] }> = [];
  for (const question of questions) {
    if (PARAMETERIZED_TYPES.includes(question.questions_type)) {
      skipped.push({
        index: question.index,
        reason: `${question.questions_type} questions draw their values from a dataset, which QTI 2.1 items cannot carry: left out`,
      });
      continue;
    }
    const identifier = `item-${question.index}`;
    const href = `items/${identifier}.xml`;
    zip.file(href, itemXml(question, identifier));
    items.push({ identifier, href, tags: question.tags });
  }
  zip.file('imsmanifest.xml', manifestXml(items, title));
  const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { zip: content, exported: items.length, skipped };
}

// ---- import -------------------------------------------------------------------------------

type Xml = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) =>
    [
      'resource',
      'file',
      'simpleChoice',
      'mapEntry',
      'value',
      'keyword',
      'equal',
      'string',
      'div',
      'p',
    ].includes(name),
  // the XHTML of texts is kept as written: the question's div, options, prompts, the solution
  stopNodes: ['*.itemBody.div', '*.simpleChoice', '*.prompt', '*.modalFeedback.div'],
});

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const attr = (node: unknown, name: string): string | undefined => {
  const value = (node as Xml | undefined)?.[`@${name}`];
  return value === undefined ? undefined : String(value);
};
const textOf = (node: unknown): string => {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  const text = (node as Xml)['#text'];
  return text === undefined ? '' : String(text);
};
const child = (node: unknown, name: string): Xml | undefined => {
  const value = (node as Xml | undefined)?.[name];
  return (Array.isArray(value) ? value[0] : value) as Xml | undefined;
};

/** Every element named `name` below `node`, depth first. */
function findAll(node: unknown, name: string, found: Xml[] = []): Xml[] {
  if (!node || typeof node !== 'object') return found;
  for (const [key, value] of Object.entries(node as Xml)) {
    if (key.startsWith('@') || key === '#text') continue;
    for (const entry of list(value as Xml | Xml[])) {
      if (key === name && typeof entry === 'object') found.push(entry);
      findAll(entry, name, found);
    }
  }
  return found;
}

function readItem(
  xml: string,
  tags: string[],
  item: string,
): { question: ImportedQuestion } | { problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const problem = (field: string, reason: string) => problems.push({ item, field, reason });
  if (/<!ENTITY/i.test(xml))
    return { problems: [{ item, field: 'file', reason: 'entity declarations are refused' }] };
  let document: Xml;
  try {
    document = parser.parse(xml, true) as Xml;
  } catch (error) {
    return {
      problems: [
        { item, field: 'file', reason: `the item is not well-formed XML: ${(error as Error).message}` },
      ],
    };
  }
  const root = child(document, 'assessmentItem');
  if (!root)
    return { problems: [{ item, field: 'file', reason: 'the file is not a QTI 2.1 assessmentItem' }] };
  const body = child(root, 'itemBody') ?? {};
  const declarations = list(root.responseDeclaration as Xml | Xml[]);
  const response = declarations[0];
  if (declarations.length > 1) problem('interaction', 'items with several interactions are not supported');
  const maxScoreDeclaration = findAll(root, 'outcomeDeclaration').find(
    (d) => attr(d, 'identifier') === 'MAXSCORE',
  );
  const maxScore =
    Number(textOf(list(child(maxScoreDeclaration, 'defaultValue')?.value as unknown[])[0])) || undefined;

  const questionParts: string[] = [];
  for (const div of list(body.div as unknown[])) questionParts.push(xhtmlToHtml(textOf(div)));
  for (const p of list(body.p as unknown[])) {
    const text = xhtmlToHtml(textOf(p));
    if (text) questionParts.push(`<p>${text}</p>`);
  }
  const choice = findAll(body, 'choiceInteraction')[0];
  const textEntry = findAll(body, 'textEntryInteraction')[0];
  const extended = findAll(body, 'extendedTextInteraction')[0];
  const prompt = choice?.prompt ?? extended?.prompt;
  if (prompt) questionParts.push(xhtmlToHtml(textOf(list(prompt as unknown[])[0])));
  const solutionNode = findAll(root, 'modalFeedback')[0];
  const solution = solutionNode
    ? xhtmlToHtml(
        list(solutionNode.div as unknown[])
          .map(textOf)
          .join('') || textOf(solutionNode),
      )
    : null;
  const question = questionParts.filter(Boolean).join('');
  const weight = maxScore ?? 1;

  const mapping = new Map<string, number>();
  for (const entry of list(child(response, 'mapping')?.mapEntry as Xml[]))
    mapping.set(attr(entry, 'mapKey') ?? '', Number(attr(entry, 'mappedValue')));
  const correctValues = list(child(response, 'correctResponse')?.value as unknown[]).map(textOf);

  let type: QuestionType;
  let options: Array<{ text: string; correct: boolean }> = [];
  let exactAnswers: string[] = [];
  let tolerance = 0;
  let decimalPlace = 0;
  if (choice) {
    const declaredClass = (attr(choice, 'class') ?? '')
      .split(/\s+/)
      .find((name) => name.startsWith('lms-'))
      ?.slice(4);
    const maxChoices = Number(attr(choice, 'maxChoices') ?? '1');
    const choices = list(choice.simpleChoice as unknown[]);
    options = choices.map((node) => {
      const id = attr(node, 'identifier') ?? '';
      const point = mapping.has(id) ? (mapping.get(id) ?? 0) : correctValues.includes(id) ? 1 : 0;
      return { text: xhtmlToHtml(textOf(node)), correct: point > 0, point };
    });
    type =
      declaredClass === 'true_false' ||
      (!declaredClass &&
        maxChoices === 1 &&
        options.length === 2 &&
        /^true$/i.test(options[0].text) &&
        /^false$/i.test(options[1].text))
        ? 'true_false'
        : maxChoices === 1
          ? 'multiple_choices'
          : 'multiple_answers';
  } else if (textEntry) {
    type = 'exact';
    const numeric = ['float', 'integer'].includes(attr(response, 'baseType') ?? '');
    if (numeric) {
      const tests = findAll(root.responseProcessing, 'equal');
      if (tests.length)
        for (const test of tests) {
          exactAnswers.push(textOf(child(test, 'baseValue')));
          tolerance = Number((attr(test, 'tolerance') ?? '0').split(/\s+/)[0]) || 0;
          decimalPlace = Number(attr(child(test, 'roundTo'), 'figures') ?? '0') || 0;
        }
      else exactAnswers = correctValues;
    } else exactAnswers = mapping.size ? [...mapping.keys()] : correctValues;
    exactAnswers = exactAnswers.filter(Boolean);
  } else if (extended) type = 'essay';
  else {
    const interactions = Object.keys(body).filter((key) => key.endsWith('Interaction'));
    problem(
      'interaction',
      `${interactions[0] ?? 'the item'}${interactions.length ? '' : ' has no interaction'}${interactions.length ? ' is not a question type of this product' : ''}`,
    );
    return { problems };
  }
  if (problems.length) return { problems };
  const built = buildQuestion({
    type,
    question,
    options,
    exactAnswers,
    tolerance,
    decimalPlace,
    weight,
    tags,
    solution,
  });
  if (!('question' in built)) return { problems: built.problems.map((found) => ({ item, ...found })) };
  // option points as the package gives them (buildQuestion gives correct options point 1)
  if (choice)
    built.question.answers = built.question.answers.map((option, n) => ({
      ...option,
      point: (options[n] as { point?: number }).point ?? option.point,
    }));
  if (type === 'exact' && !['float', 'integer'].includes(attr(response, 'baseType') ?? ''))
    built.question.answers = built.question.answers.map((option) => ({
      ...option,
      point: mapping.get(option.exact_answer ?? '') ?? option.point,
    }));
  return built;
}

/** Reads a QTI 2.1 package (zip with imsmanifest.xml, or a single item's XML file). */
export async function importQti(content: Buffer): Promise<ImportResult> {
  if (content.length > MAX_PACKAGE_BYTES)
    return { ok: false, problems: [{ field: 'file', reason: 'the package is too large' }] };
  const head = content.subarray(0, 200).toString('utf8');
  if (/^\s*(<\?xml[^>]*>\s*)?<([a-z]+:)?assessmentItem\b/.test(head)) {
    const result = readItem(content.toString('utf8'), [], 'item');
    return 'question' in result
      ? { ok: true, questions: [result.question] }
      : { ok: false, problems: result.problems };
  }
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(content);
  } catch {
    return {
      ok: false,
      problems: [{ field: 'file', reason: 'the file is not a QTI package (a zip with imsmanifest.xml)' }],
    };
  }
  const manifestFile = zip.file('imsmanifest.xml');
  if (!manifestFile)
    return { ok: false, problems: [{ field: 'file', reason: 'the package has no imsmanifest.xml' }] };
  const manifestXml = await manifestFile.async('string');
  if (/<!ENTITY/i.test(manifestXml))
    return { ok: false, problems: [{ field: 'imsmanifest.xml', reason: 'entity declarations are refused' }] };
  let manifest: Xml;
  try {
    manifest = parser.parse(manifestXml, true) as Xml;
  } catch (error) {
    return {
      ok: false,
      problems: [{ field: 'imsmanifest.xml', reason: `not well-formed XML: ${(error as Error).message}` }],
    };
  }
  const resources = findAll(manifest, 'resource').filter((resource) =>
    (attr(resource, 'type') ?? '').startsWith('imsqti_item'),
  );
  if (!resources.length)
    return { ok: false, problems: [{ field: 'imsmanifest.xml', reason: 'the package lists no QTI item' }] };
  if (resources.length > MAX_IMPORTED_QUESTIONS)
    return {
      ok: false,
      problems: [{ field: 'file', reason: `a package holds at most ${MAX_IMPORTED_QUESTIONS} questions` }],
    };
  const questions: ImportedQuestion[] = [];
  const problems: ImportProblem[] = [];
  for (const resource of resources) {
    const href = attr(resource, 'href') ?? attr(list(resource.file as Xml[])[0], 'href') ?? '';
    const item = href || attr(resource, 'identifier') || '?';
    const file = href ? zip.file(href.replace(/^\.\//, '')) : null;
    if (!file) {
      problems.push({ item, field: 'file', reason: 'the manifest names a file the package does not hold' });
      continue;
    }
    const tags = findAll(resource, 'keyword')
      .flatMap((keyword) => list(keyword.string as unknown[]).map(textOf))
      .filter(Boolean);
    const result = readItem(await file.async('string'), tags, item);
    if ('question' in result) questions.push(result.question);
    else problems.push(...result.problems);
  }
  return problems.length ? { ok: false, problems } : { ok: true, questions };
}
