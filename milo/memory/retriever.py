"""Milo's memory as a LangChain retriever: any LangChain app can search a Living_Memory.md.

    from milo.memory import open_memory
    from milo.memory.retriever import MemoryRetriever

    docs = MemoryRetriever(memory=open_memory("Living_Memory.md"), k=3).invoke("coffee")
    docs[0].page_content   # "--- [PULSE: ...] ---\\nCORE_UPDATE: ..."
    docs[0].metadata       # {"score": 4.2, "source": "memory", "line": 12, "timestamp": "..."}
"""

from __future__ import annotations

from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever


class MemoryRetriever(BaseRetriever):
    """The pulses most relevant to a query (BM25 over the memory and its archive), best first."""

    memory: Any  # a milo.memory.LivingMemory with relevance recall on
    k: int = 5

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        recall = self.memory.relevance
        if recall is None:
            return []
        return [
            Document(
                page_content=h.pulse.text(),
                metadata={
                    "score": h.score,
                    "source": h.source,
                    "line": h.pulse.line,
                    "timestamp": h.pulse.timestamp.isoformat() if h.pulse.timestamp else None,
                },
            )
            for h in recall.search(query, k=self.k)
        ]
