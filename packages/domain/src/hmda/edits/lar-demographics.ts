/** The LAR row edits on the applicants' demographics: ethnicity, race, sex, age (V628 to V651). */
import { oneOf, type LarEdit } from './shared';

export const LAR_DEMOGRAPHIC_EDITS: readonly LarEdit[] = [
  {
    id: 'V628-1',
    fields: ['ethnicity1'],
    message: 'Ethnicity 1 must be 1, 11, 12, 13, 14, 2, 3 or 4',
    passes: (lar) => oneOf('1', '11', '12', '13', '14', '2', '3', '4')(lar.ethnicity1),
  },
  {
    id: 'V628-2',
    fields: ['ethnicity2', 'ethnicity3', 'ethnicity4', 'ethnicity5'],
    message: 'Ethnicities 2–5 must be blank, 1, 11, 12, 13, 14 or 2',
    passes: (lar) =>
      [lar.ethnicity2, lar.ethnicity3, lar.ethnicity4, lar.ethnicity5].every(
        oneOf('', '1', '11', '12', '13', '14', '2'),
      ),
  },
  {
    id: 'V628-3',
    fields: ['ethnicity1', 'ethnicity2', 'ethnicity3', 'ethnicity4', 'ethnicity5'],
    message: 'An ethnicity is reported twice',
    passes: (lar) => {
      const values = [lar.ethnicity1, lar.ethnicity2, lar.ethnicity3, lar.ethnicity4, lar.ethnicity5].filter(
        Boolean,
      );
      return new Set(values).size === values.length;
    },
  },
  {
    id: 'V628-4',
    fields: ['ethnicity1', 'ethnicity2'],
    message: 'With ethnicity 1 "not provided" or "not applicable", ethnicities 2–5 must be blank',
    passes: (lar) =>
      !['3', '4'].includes(lar.ethnicity1) ||
      [lar.ethnicity2, lar.ethnicity3, lar.ethnicity4, lar.ethnicity5].every((v) => v === ''),
  },
  {
    id: 'V629-1',
    fields: ['ethnicityObserved'],
    message: 'Ethnicity collected by visual observation or surname must be 1, 2 or 3',
    passes: (lar) => oneOf('1', '2', '3')(lar.ethnicityObserved),
  },
  {
    id: 'V634',
    fields: ['coEthnicity1', 'coEthnicityObserved'],
    message: 'No co-applicant (5) and its observation code (4) go together',
    passes: (lar) => (lar.coEthnicity1 === '5') === (lar.coEthnicityObserved === '4'),
  },
  {
    id: 'V635-1',
    fields: ['race1'],
    message: 'Race 1 must be 1, 2, 21–27, 3, 4, 41–44, 5, 6 or 7',
    passes: (lar) =>
      oneOf(
        '1',
        '2',
        '21',
        '22',
        '23',
        '24',
        '25',
        '26',
        '27',
        '3',
        '4',
        '41',
        '42',
        '43',
        '44',
        '5',
        '6',
        '7',
      )(lar.race1),
  },
  {
    id: 'V635-3',
    fields: ['race1', 'race2', 'race3', 'race4', 'race5'],
    message: 'A race is reported twice',
    passes: (lar) => {
      const values = [lar.race1, lar.race2, lar.race3, lar.race4, lar.race5].filter(Boolean);
      return new Set(values).size === values.length;
    },
  },
  {
    id: 'V635-4',
    fields: ['race1', 'race2'],
    message: 'With race 1 "not provided" or "not applicable", races 2–5 must be blank',
    passes: (lar) =>
      !['6', '7'].includes(lar.race1) || [lar.race2, lar.race3, lar.race4, lar.race5].every((v) => v === ''),
  },
  {
    id: 'V636-1',
    fields: ['raceObserved'],
    message: 'Race collected by visual observation or surname must be 1, 2 or 3',
    passes: (lar) => oneOf('1', '2', '3')(lar.raceObserved),
  },
  {
    id: 'V641',
    fields: ['coRace1', 'coRaceObserved'],
    message: 'No co-applicant (8) and its observation code (4) go together',
    passes: (lar) => (lar.coRace1 === '8') === (lar.coRaceObserved === '4'),
  },
  {
    id: 'V642-1',
    fields: ['sex'],
    message: 'Sex must be 1, 2, 3, 4 or 6',
    passes: (lar) => oneOf('1', '2', '3', '4', '6')(lar.sex),
  },
  {
    id: 'V642-2',
    fields: ['sexObserved'],
    message: 'Sex collected by visual observation or surname must be 1, 2 or 3',
    passes: (lar) => oneOf('1', '2', '3')(lar.sexObserved),
  },
  {
    id: 'V643',
    fields: ['sexObserved', 'sex'],
    message: 'Sex collected by visual observation must be 1 or 2',
    passes: (lar) => lar.sexObserved !== '1' || oneOf('1', '2')(lar.sex),
  },
  {
    id: 'V651-1',
    fields: ['age'],
    message: 'The age must be a number greater than 0',
    passes: (lar) => /^\d+$/.test(lar.age) && Number(lar.age) > 0,
  },
];
