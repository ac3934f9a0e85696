import JSZip from 'jszip';
import type { OptionDraft } from '../domain/question-rules';
import type { ImportedQuestion } from './imported-question';
import { exportQti, importQti, type QtiQuestion } from './qti';

const option = (overrides: Partial<OptionDraft>): OptionDraft => ({
  answer: null,
  point: 0,
  exact_answer: null,
  tolerance: 0,
  decimal_place: 0,
  formula: null,
  ...overrides,
});
const question = (index: number, overrides: Partial<QtiQuestion>): QtiQuestion => ({
  index,
  questions_type: 'multiple_choices',
  question: 'Question?',
  weight: 1,
  data_set_id: null,
  answers: [],
  solution: null,
  tags: [],
  ...overrides,
});

const PACKAGE: QtiQuestion[] = [
  question(1, {
    question: 'Which planet is <strong>largest</strong>?<br>Pick one &amp; only one.',
    answers: [
      option({ answer: 'Mars' }),
      option({ answer: 'Jupiter', point: 2 }),
      option({ answer: '<em>Venus</em>' }),
    ],
    weight: 2,
    tags: ['astronomy', 'planets'],
  }),
  question(2, {
    questions_type: 'multiple_answers',
    question: 'Which are prime?',
    answers: [
      option({ answer: '2', point: 1 }),
      option({ answer: '4' }),
      option({ answer: '7', point: 1.5 }),
    ],
  }),
  question(3, {
    questions_type: 'true_false',
    question: 'The sun is a star.',
    answers: [option({ answer: 'True', point: 1 }), option({ answer: 'False' })],
  }),
  question(4, {
    questions_type: 'essay',
    question: 'Why is the sky blue?',
    weight: 5,
    solution: 'Rayleigh scattering.',
  }),
  question(5, {
    questions_type: 'exact',
    question: 'g in m/s²?',
    answers: [option({ exact_answer: '9.81', point: 1, tolerance: 0.05, decimal_place: 2 })],
  }),
  question(6, {
    questions_type: 'exact',
    question: 'Capital of Indonesia?',
    answers: [
      option({ exact_answer: 'Jakarta', point: 1 }),
      option({ exact_answer: 'DKI Jakarta', point: 1 }),
    ],
  }),
  question(7, {
    questions_type: 'parameterized',
    question: 'Drive {v} km/h for {t} h.',
    data_set_id: 4,
    answers: [option({ formula: 'v * t' })],
  }),
];

describe('QTI 2.1', () => {
  it('gives the same questions back after an export and an import (round trip)', async () => {
    const exported = await exportQti(PACKAGE, 'Midterm, package 1');
    expect(exported.exported).toBe(6);
    expect(exported.skipped).toEqual([
      {
        index: 7,
        reason: expect.stringMatching(/^parameterized questions draw their values from a dataset/),
      },
    ]);
    const imported = await importQti(exported.zip);
    if (!imported.ok) throw new Error(JSON.stringify(imported.problems));
    const expected: ImportedQuestion[] = PACKAGE.slice(0, 6).map(({ index: _index, ...rest }) => rest);
    expect(imported.questions).toEqual(expected);
  });

  it('writes a manifest and one assessmentItem per question', async () => {
    const zip = await JSZip.loadAsync((await exportQti(PACKAGE.slice(0, 2), 'x')).zip);
    expect(Object.keys(zip.files).sort()).toEqual([
      'imsmanifest.xml',
      'items/',
      'items/item-1.xml',
      'items/item-2.xml',
    ]);
    const item = await zip.file('items/item-1.xml')!.async('string');
    expect(item).toContain('<choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="1"');
    expect(item).toContain('<correctResponse><value>B</value></correctResponse>');
    expect(item).toContain('Pick one &amp; only one.');
    expect(item).toContain('<br/>');
    const manifest = await zip.file('imsmanifest.xml')!.async('string');
    expect(manifest).toContain('type="imsqti_item_xmlv2p1" href="items/item-1.xml"');
  });

  it('reads a plain item of another tool (choice with correctResponse, text in paragraphs)', async () => {
    const xml = `<?xml version="1.0"?>
      <assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="choice" title="Unattended Luggage" adaptive="false" timeDependent="false">
        <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">
          <correctResponse><value>ChoiceA</value></correctResponse>
        </responseDeclaration>
        <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
        <itemBody>
          <p>Look at the text in the picture.</p>
          <choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="1">
            <prompt>What does it say?</prompt>
            <simpleChoice identifier="ChoiceA">You must stay with your luggage at all times.</simpleChoice>
            <simpleChoice identifier="ChoiceB">Do not let someone else look after your luggage.</simpleChoice>
          </choiceInteraction>
        </itemBody>
        <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>
      </assessmentItem>`;
    const result = await importQti(Buffer.from(xml));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.questions[0]).toMatchObject({
      questions_type: 'multiple_choices',
      question: '<p>Look at the text in the picture.</p>What does it say?',
      answers: [
        { answer: 'You must stay with your luggage at all times.', point: 1 },
        { answer: 'Do not let someone else look after your luggage.', point: 0 },
      ],
    });
  });

  it('reports items it cannot map, and a package without a manifest, importing nothing', async () => {
    const zip = new JSZip();
    zip.file(
      'imsmanifest.xml',
      '<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><resources>' +
        '<resource identifier="a" type="imsqti_item_xmlv2p1" href="a.xml"/>' +
        '<resource identifier="b" type="imsqti_item_xmlv2p1" href="missing.xml"/>' +
        '</resources></manifest>',
    );
    zip.file(
      'a.xml',
      '<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="a"><responseDeclaration identifier="RESPONSE" cardinality="ordered" baseType="identifier"/>' +
        '<itemBody><orderInteraction responseIdentifier="RESPONSE"/></itemBody></assessmentItem>',
    );
    expect(await importQti(await zip.generateAsync({ type: 'nodebuffer' }))).toEqual({
      ok: false,
      problems: [
        {
          item: 'a.xml',
          field: 'interaction',
          reason: 'orderInteraction is not a question type of this product',
        },
        { item: 'missing.xml', field: 'file', reason: 'the manifest names a file the package does not hold' },
      ],
    });
    const empty = new JSZip();
    empty.file('readme.txt', 'hello');
    expect(await importQti(await empty.generateAsync({ type: 'nodebuffer' }))).toEqual({
      ok: false,
      problems: [{ field: 'file', reason: 'the package has no imsmanifest.xml' }],
    });
  });
});
