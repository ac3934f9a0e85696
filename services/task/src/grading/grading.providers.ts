import { GradingAccess } from './grading-access';
import { GradingService } from './grading.service';
import { MemberScores } from './member-scores';
import { PeerAssessmentService } from './peer-assessment.service';
import { ScoresExportService } from './scores-export.service';
import { StatisticsService } from './statistics.service';

/** The providers of scoring, peer assessment, statistics and the scores export. */
export const GRADING_PROVIDERS = [
  GradingAccess,
  MemberScores,
  GradingService,
  PeerAssessmentService,
  StatisticsService,
  ScoresExportService,
];
