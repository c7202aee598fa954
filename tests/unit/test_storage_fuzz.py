"""Every bad payload of bench/storage_fuzz.py is survived: reported, set aside, the rest kept."""

from __future__ import annotations

import json

import pytest

import storage_fuzz

GOODS = storage_fuzz.good_records()
CASES = [(name, label, raw) for name, good in GOODS.items() for label, raw in storage_fuzz.bad_payloads(name, good)]


def test_there_are_many_bad_payloads_of_every_kind() -> None:
    assert len(CASES) >= 20
    assert {name for name, _, _ in CASES} == set(GOODS)


def test_the_good_records_read_back_as_they_were() -> None:
    from kabale.web.storage.saved import VALIDATORS
    from kabale.web.storage.store import PREFIX, MemoryBackend, Store

    items = {PREFIX + name: storage_fuzz.envelope(name, data) for name, data in GOODS.items()}
    store = Store(MemoryBackend(items), validators=dict(VALIDATORS))
    for name, data in GOODS.items():
        assert store.load(name).to_dict() == data
    assert store.take_problems() == []


def test_a_payload_that_is_not_survived_is_caught() -> None:
    """The check itself can fail: a bad payload that reads as good is not "survived"."""
    good = storage_fuzz.envelope("patience", GOODS["patience"])
    assert not storage_fuzz.survive("patience", good, GOODS)


@pytest.mark.parametrize("name, label, raw", CASES, ids=[f"{name}: {label}" for name, label, _ in CASES])
def test_a_bad_payload_is_survived(name: str, label: str, raw: str) -> None:
    assert storage_fuzz.survive(name, raw, GOODS)
