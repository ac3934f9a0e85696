export type { Rubric, RubricChoice, RubricCriterion, RubricLevel } from './rubric';
export {
  MAX_CRITERIA,
  MAX_LEVELS,
  normalizeRubric,
  rubricField,
  rubricIssues,
  rubricSchema,
} from './rubric.rules';
export type { RubricInput } from './rubric.rules';
export { isRangeLevel, round2, rubricScore } from './scoring';
export type { RubricRating, Scored, ScoringIssue } from './scoring';
