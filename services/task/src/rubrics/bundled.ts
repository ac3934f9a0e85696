import type { Rubric } from '@lms/rubrics';

/** The id the bundled template is listed under (it lives in code, not in `rubric_templates`). */
export const BUNDLED_PEER_REVIEW_ID = 'bundled-peer-review';

const LEVELS = [
  ['Strongly Disagree', 40],
  ['Disagree', 50],
  ['Neutral', 60],
  ['Agree', 80],
  ['Strongly Agree', 100],
] as const;

/**
 * Group Peer Review Evaluation (spec 02 §3 "Rubric template (bundled)"): five criteria of equal
 * weight, each rated Strongly Disagree 40, Disagree 50, Neutral 60, Agree 80, Strongly Agree 100.
 */
export const GROUP_PEER_REVIEW: Readonly<Rubric> = Object.freeze({
  name: 'Group Peer Review Evaluation',
  criteria: [
    'Attends the group’s meetings',
    'Contributes to the discussion',
    'Responds in the group’s communication',
    'Does their own part well',
    'Cooperates with the others',
  ].map((name) => ({
    name,
    description: null,
    weight: 20,
    levels: LEVELS.map(([level, point]) => ({
      name: level,
      point,
      point_min: 0,
      point_max: 0,
      description: null,
    })),
  })),
});
