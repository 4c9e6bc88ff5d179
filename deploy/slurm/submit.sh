#!/usr/bin/env bash
# Queues a sharded run and its merge: the merge starts only when every array task has succeeded.
#   SHARDS=16 GAMES=1000000 RUN=statesman-5p-1m deploy/slurm/submit.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
SHARDS=${SHARDS:-16}
export SHARDS GAMES="${GAMES:-1000000}" RUN="${RUN:-run}" SEED="${SEED:-legions}" RESULTS="${RESULTS:-$PWD/results}"
array=$(sbatch --parsable --array="0-$((SHARDS - 1))" --export=ALL "$here/simulate-array.sh")
merge=$(sbatch --parsable --dependency="afterok:${array%%;*}" --export=ALL "$here/merge.sh")
echo "simulate array job $array, merge job $merge: results in $RESULTS/$RUN/merged"
