/**
 * Every rule, in the order of the stages that run them. An earlier stage reads its words first, and what it
 * decided is what later rules see: the order is the engine's precedence, written down once. A new rule
 * goes where the words it reads must be read: before the rules that would otherwise take them.
 */
import type { Stage } from '../kernel/stage';
import { aggregationList, aggregationWord } from './aggregations';
import { betweenComparison, keywordComparison, numberFirstComparison, splitComparative } from './comparisons';
import { defaultTotal } from './default-total';
import { factVerbExistence, relatedRowsExist } from './existence';
import { yesNoFlag } from './flags';
import { everyQuantifier, grainWord, groupBy, namedGrainOverTrend, trailingEach } from './grouping';
import { bothColumns, differentValues, everything, followUpCue, listVerb, period } from './markers';
import { missingValue } from './missing';
import { openState } from './open-states';
import { moneyVerb } from './money-verbs';
import { perGroup } from './per-group';
import { versusAverageGroup } from './versus-average-group';
import { extremePeriod } from './extreme-period';
import { rateUnit } from './rate-units';
import { askedForm } from './presentation';
import { countBeforeSubject, firstByDate, latestRows, rankingWord } from './ranking';
import { remainingWords } from './remaining-words';
import { versusAverage } from './versus-average';
import { orBetweenConditions } from './or-conditions';
import { topPerGroup } from './top-per-group';
import type { Rule } from '../kernel/rule';
import { scaleComparative, scaleFirst, scaleFromTo, scaleSuperlative } from './scales';
import { shareOfMeasure } from './share-of-measure';
import { shareOf } from './share';
import { sortByDateWords, sortByField } from './sort';
import { namedValues } from './values';
import { comparedPeriods, comparedValues } from './versus';

const one = (rule: Rule): Stage => ({ name: rule.name, rules: [rule] });

export const STAGES: readonly Stage[] = [
  one(askedForm),
  // Before the grains, which would read the "daily" of "the daily hire charge" as a breakdown by day.
  one(rateUnit),
  // Orders first, so the "by" of "sorted by age" is never a breakdown.
  one(sortByDateWords),
  one(sortByField),
  // Before the scales and the aggregation words, which would read "older" or "average budget" alone.
  // Before versusAverage, which would read "more than the average" of "the average customer" as a field's average.
  one(versusAverageGroup),
  one(versusAverage),
  one(topPerGroup),
  one(scaleFromTo),
  one(scaleFirst),
  one(scaleComparative),
  one(scaleSuperlative),
  one(splitComparative),
  one(keywordComparison),
  one(betweenComparison),
  one(numberFirstComparison),
  // Before values: "open" asked of tickets is their state, not another table's status value "open".
  one(openState),
  one(namedValues),
  one(yesNoFlag),
  one(missingValue),
  one(relatedRowsExist),
  one(factVerbExistence),
  one(comparedPeriods),
  one(comparedValues),
  // Before shareOf, which would read "share of revenue" in "tax as a share of revenue" as a part of a whole.
  one(shareOfMeasure),
  one(shareOf),
  one(perGroup),
  // Before the grains and the rankings, which would read "the busiest month" as a breakdown or a ranking.
  one(extremePeriod),
  one(everyQuantifier),
  one(grainWord),
  one(groupBy),
  one(trailingEach),
  one(namedGrainOverTrend),
  // Runs of aggregations before rankings, which would take "maximum age" alone.
  one(aggregationList),
  one(firstByDate),
  one(latestRows),
  one(rankingWord),
  one(countBeforeSubject),
  one(moneyVerb),
  one(aggregationWord),
  one(listVerb),
  one(differentValues),
  one(bothColumns),
  one(everything),
  one(followUpCue),
  one(period),
  // After every condition is read: it joins two of them.
  one(orBetweenConditions),
  one(remainingWords),
  one(defaultTotal),
];

export const RULES: readonly Rule[] = STAGES.flatMap((stage) => stage.rules);
