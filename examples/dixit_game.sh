#!/usr/bin/env bash
# A complete game of Dixit against a running referee: one human seat and three bots.
#
#   make run &                 # or: .venv/bin/referee serve --port 8000
#   bash examples/dixit_game.sh [BASE_URL]
#
# Ana joins; Bo, Cy and Di are played by the referee, which moves for them as soon
# as they are due. Whenever the game waits for Ana she acts: as storyteller she
# gives a clue for her first card (and prints any private tip the judge sends her);
# otherwise she submits her first card, then votes for the first card that is not
# hers. At the end the script prints each round's clue, case and points, and the
# winners (ties share the win).
set -euo pipefail
BASE=${1:-http://127.0.0.1:8000}
CLUES=("a long way from home" "the last warm evening" "a promise" "curiosity" "far too late")

post() { curl -sS -X POST "$BASE$1" -H 'Content-Type: application/json' "${@:2}"; }

table=$(post /v1/tables -d '{"game": "dixit", "seed": 3,
  "config": {"players": ["Ana", "Bo", "Cy", "Di"], "first_storyteller": "Ana",
             "bots": ["Bo", "Cy", "Di"]}}' | jq -r .table_id)
echo "table $table"
token=$(post "/v1/tables/$table/seats/Ana" | jq -r .token)
view() { curl -sS "$BASE/v1/tables/$table" -H "Authorization: Bearer $token"; }
act() {  # act JSON -> prints the answer; stops the script on a refusal
  local answer code
  answer=$(post "/v1/tables/$table/actions" -H "Authorization: Bearer $token" -d "$1" \
    -w '\n%{http_code}')
  code=${answer##*$'\n'}
  answer=${answer%$'\n'*}
  if [[ $code != 200 ]]; then echo "refused ($code): $answer" >&2; exit 1; fi
  echo "$answer"
}

turn=0
while [[ $(view | jq -r .finished) == false ]]; do
  state=$(view)
  phase=$(jq -r .view.phase <<<"$state")
  if [[ $(jq -r '.view.waiting | index("Ana") != null' <<<"$state") != true ]]; then
    echo "the game waits for someone else: $(jq -c .view.waiting <<<"$state")" >&2
    exit 1
  fi
  case $phase in
    clue)
      card=$(jq -r '.view.hand[0].id' <<<"$state")
      clue=${CLUES[$((turn % ${#CLUES[@]}))]}
      turn=$((turn + 1))
      echo "Ana's clue for $card: \"$clue\""
      act '{"type": "clue", "player": "Ana", "card": "'"$card"'", "text": "'"$clue"'"}' \
        | jq -r '.events[] | select(.kind == "clue_tip") | "  (private) " + .message'
      ;;
    submitting)
      card=$(jq -r '.view.hand[0].id' <<<"$state")
      echo "$(jq -r .view.storyteller <<<"$state")'s clue: \"$(jq -r .view.clue <<<"$state")\"; Ana submits $card"
      act '{"type": "submit", "player": "Ana", "cards": ["'"$card"'"]}' >/dev/null
      ;;
    voting)
      spot=$(jq -r '[.view.layout[].position] - .view.your_positions | .[0]' <<<"$state")
      echo "  Ana votes for card $spot"
      act '{"type": "vote", "player": "Ana", "position": '"$spot"'}' >/dev/null
      ;;
  esac
done
view | jq -r '.view.rounds[] | "round \(.round): \(.storyteller) \"\(.clue)\" \(.case) \(.gained)"'
view | jq -c '{scores: .view.scores, winners: .winners, seed: .seed}'
