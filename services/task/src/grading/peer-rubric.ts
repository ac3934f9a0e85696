import type { Rubric } from '../rubrics/rubric';

const LEVELS = [
  ['Strongly Disagree', 40],
  ['Disagree', 50],
  ['Neutral', 60],
  ['Agree', 80],
  ['Strongly Agree', 100],
] as const;

/**
 * The bundled Group Peer Review Evaluation (spec 02 §3): five criteria of equal weight, each
 * rated on five levels 40/50/60/80/100. Members rate each other with it when the task has no
 * rubric of its own.
 */
export const PEER_REVIEW_RUBRIC: Rubric = {
  name: 'Group Peer Review Evaluation',
  criteria: [
    'Attends group meetings',
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
};
