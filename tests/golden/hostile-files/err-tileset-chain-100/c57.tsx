<?xml version="1.0"?>
<tileset name="c57"><tileset/><tileset firstgid="9" source="c58.tsx"/></tileset>
