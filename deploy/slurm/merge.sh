#!/usr/bin/env bash
# The merge step of simulate-array.sh: combines $RESULTS/$RUN/shard-* into $RESULTS/$RUN/merged.
# Refuses (exit 2, one line naming the problem) shards of different runs, missing, overlapping or
# unfinished shards, and any shard whose accumulator.json or per-game CSV was changed or truncated.
#SBATCH --job-name=legions-merge
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=00:30:00
#SBATCH --output=legions-merge-%j.log
set -euo pipefail

RUN=${RUN:-run}
RESULTS=${RESULTS:-$PWD/results}
LEGIONS=${LEGIONS:-$(cd "$(dirname "$0")/../.." && pwd)/bin/legions.js}

exec node "$LEGIONS" merge --out "$RESULTS/$RUN/merged" --per-game "$RESULTS/$RUN/merged/games.csv" "$RESULTS/$RUN"/shard-*
