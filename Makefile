# Every target sets itself up: a fresh clone needs nothing but python3 and make.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: watch lint test test-long towers bench clean golden

$(PY):
	$(PYTHON) -m venv $(VENV)

# setuptools adds an "Editable installation" note to every editable install of a mapped layout
# (assets/ and scenarios/ ship inside the package): nothing to act on, so the install stays quiet.
$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet --upgrade pip
	PYTHONWARNINGS="ignore:Editable installation:UserWarning" $(PY) -m pip install --quiet -e '.[test,distributed,rl,lab]'
	touch $(STAMP)

## watch: play the default scenario (window if there is a display, else files + play-by-play)
watch: $(STAMP)
	$(PY) -m spacegits_sim watch

## lint: ruff (style, bugs, imports, unused arguments) and mypy (strict for data/, physics/, rules/)
lint: $(STAMP)
	$(VENV)/bin/ruff check spacegits_sim tools tests
	$(VENV)/bin/ruff format --check spacegits_sim tools tests
	$(VENV)/bin/mypy spacegits_sim

## test: the static gates, then the whole test suite (a few minutes), one worker per core
## (pytest-xdist: the suite is 1,500 short tests, so two cores halve it)
test: lint
	$(PY) -m pytest -q -m "not slow" -n auto

## test-long: the full-size statistical runs, 120 kills of a saving process, and a long fuzz run
test-long: $(STAMP)
	$(PY) -m pytest -q -m slow
	SPACEGITS_FUZZ_EXAMPLES=3000 $(PY) -m pytest -q tests/test_fuzz.py

towers: $(STAMP)
	$(PY) -m spacegits_sim towers --heights 1-12 --trials 200 --plot docs/towers.png --json docs/towers.json

clean:
	rm -rf $(VENV) build dist *.egg-info out

## golden: regenerate the golden playthroughs (only in a commit that names the rule fix that moved them)
golden: $(STAMP)
	$(PY) tools/golden.py
