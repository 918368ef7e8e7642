"""Hybrid search over the layers: embedders, chunking, lexical and vector indexes."""
