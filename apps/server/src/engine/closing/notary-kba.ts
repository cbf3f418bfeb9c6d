/**
 * Identity questions of the sandbox electronic notary session (knowledge-based authentication, as a
 * remote online notarisation requires before the notary proceeds). In production the RON platform
 * asks them from a credit-header vendor; the sandbox derives them from what the application knows,
 * so a test (or a demo) can answer: the birth year, the property's street and its city.
 */
import { hashInt } from '../../providers/shared';

export type KbaQuestion = { id: string; prompt: string; choices: string[] };

type Subject = { dob: string | null; street1: string; city: string; applicationUuid: string };

const DECOY_STREETS = ['1180 Willow Lane', '77 Harbor View Road', '3021 Sycamore Drive', '450 Ridge Court'];
const DECOY_CITIES = ['Springfield', 'Riverside', 'Fairview', 'Georgetown'];

/** Puts `answer` among the decoys at a position stable for the application. */
function choices(answer: string, decoys: readonly string[], seed: string): string[] {
  const others = decoys.filter((decoy) => decoy.toLowerCase() !== answer.toLowerCase()).slice(0, 3);
  const at = hashInt(0, others.length, seed);
  return [...others.slice(0, at), answer, ...others.slice(at)];
}

export function kbaQuestions(subject: Subject): {
  questions: KbaQuestion[];
  answers: Record<string, string>;
} {
  const year = subject.dob ? Number(subject.dob.slice(0, 4)) : 1980;
  const answers = { birthYear: String(year), street: subject.street1, city: subject.city };
  return {
    questions: [
      {
        id: 'birthYear',
        prompt: 'In which year were you born?',
        choices: choices(
          answers.birthYear,
          [year - 2, year + 1, year + 3, year - 5].map(String),
          `${subject.applicationUuid}:y`,
        ),
      },
      {
        id: 'street',
        prompt: 'Which of these streets is associated with you?',
        choices: choices(answers.street, DECOY_STREETS, `${subject.applicationUuid}:s`),
      },
      {
        id: 'city',
        prompt: 'In which city is the home you are borrowing against?',
        choices: choices(answers.city, DECOY_CITIES, `${subject.applicationUuid}:c`),
      },
    ],
    answers,
  };
}
