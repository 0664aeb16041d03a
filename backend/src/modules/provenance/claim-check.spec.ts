import { checkClaims, factualSentences, namesIn, numbersIn, type CheckSource } from './claim-check.js';

const sources: CheckSource[] = [
  {
    number: 1,
    outlet: 'Markets Desk',
    title: 'Housing starts fall to a three-year low',
    summary: 'Builders started the fewest homes in three years as high borrowing costs squeezed housing developers.',
    text:
      'Builders started the fewest homes in three years as high borrowing costs squeezed housing developers.\n' +
      'Starts fell 7.5% in October to an annual pace of 1,210,000 homes, the statistics office said.\n' +
      'Economists at Northgate Bank expect the slump to last until rates fall.',
  },
  {
    number: 2,
    outlet: 'The Daily Ledger',
    title: 'Housing starts slump as builders cite borrowing costs',
    summary: 'Housing starts slumped to a three-year low, and builders blamed borrowing costs and planning delays.',
    text: null,
  },
];

const check = (body: string) => checkClaims(body, sources);

describe('claim check', () => {
  it('links a sentence taken from a source to that sentence, unflagged', () => {
    const [claim] = check('<p>Markets Desk reports that starts fell 7.5% in October to an annual pace of 1,210,000 homes [1].</p>');
    expect(claim).toMatchObject({
      sourceNumber: 1,
      flags: [],
      passage: 'Starts fell 7.5% in October to an annual pace of 1,210,000 homes, the statistics office said.',
    });
    expect(claim!.score).toBeGreaterThan(0.9);
  });

  it('passes a faithful paraphrase', () => {
    const [claim] = check('<p>Housing starts dropped to their lowest level in three years, with builders blaming borrowing costs [2].</p>');
    expect(claim!.flags).toEqual([]);
    expect(claim!.sourceNumber).toBe(2);
    expect(claim!.score).toBeGreaterThanOrEqual(0.5);
  });

  it('flags a planted sentence no source supports', () => {
    const claims = check(
      '<p>Builders started the fewest homes in three years [1]. The finance minister resigned after a stormy cabinet meeting on Tuesday.</p>',
    );
    expect(claims.map((claim) => claim.flags)).toEqual([[], expect.arrayContaining(['unsupported'])]);
  });

  it('flags a changed number, in digits or in words', () => {
    expect(check('<p>Starts fell 9.5% in October to an annual pace of 1,210,000 homes [1].</p>')[0]!.flags).toEqual(['number_mismatch']);
    expect(check('<p>Builders started the fewest homes in five years as borrowing costs squeezed developers [1].</p>')[0]!.flags).toEqual(['number_mismatch']);
  });

  it('flags a changed name', () => {
    expect(check('<p>Economists at Southgate Bank expect the slump to last until rates fall [1].</p>')[0]!.flags).toEqual(['name_mismatch']);
  });

  it('checks statements only: not headings, questions, fragments or the commentary section', () => {
    const body =
      '<h2>What the reports say</h2><p>Builders started the fewest homes in three years [1]. Will it last? Quite.</p>' +
      "<h2>The AI Mind's take</h2><p>Humans will argue about this for a week and then act surprised.</p>";
    expect(factualSentences(body)).toEqual(['Builders started the fewest homes in three years [1].']);
  });

  it('reads numbers and names as the check compares them', () => {
    expect([...numbersIn('a three-year low, 1,210,000 homes, 7.5% and 2.0 points')].sort()).toEqual(['1210000', '2', '3', '7.5']);
    expect([...namesIn('The council in Oslo asked NATO and Maria Lopez. Then it rained.')].sort()).toEqual(['lopez', 'maria', 'nato', 'oslo']);
  });

  it('flags every sentence when there are no sources', () => {
    expect(checkClaims('<p>Builders started the fewest homes in three years.</p>', [])[0]).toMatchObject({
      sourceNumber: null,
      passage: null,
      flags: ['unsupported'],
    });
  });
});
